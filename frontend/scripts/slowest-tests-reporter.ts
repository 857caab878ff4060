import path from 'node:path';

import type { Reporter, TestModule } from 'vitest/node';

const COUNT = 10;

/**
 * Prints the slowest tests of the run, with their files and durations, after vitest's own
 * summary: where a slow suite spends its time, without scrolling through every file.
 * A reporter of its own, so it runs beside `default` and `json` alike (see vite.config.ts).
 */
export default class SlowestTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const tests = testModules.flatMap((testModule) =>
      Array.from(testModule.children.allTests(), (test) => ({
        file: path.relative(process.cwd(), testModule.moduleId),
        name: test.fullName,
        duration: test.diagnostic()?.duration ?? 0,
      })),
    );
    if (tests.length === 0) return;
    const slowest = tests.sort((a, b) => b.duration - a.duration).slice(0, COUNT);
    const lines = slowest.map(
      ({ file, name, duration }) =>
        `${`${Math.round(duration)} ms`.padStart(9)}  ${file} > ${name}`,
    );
    process.stdout.write(`\n Slowest ${slowest.length} tests\n${lines.join('\n')}\n\n`);
  }
}

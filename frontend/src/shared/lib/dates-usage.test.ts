import { describe, expect, it } from 'vitest';

/**
 * docs/product.md#texts-on-screen: one date family across the app, from this folder's dates.ts.
 * A screen that formats a date with its own pattern ("dddd, MMMM Do, YYYY", "YYYY-MM-DD" for
 * reading…) or with the browser's locale drifts from it; this guard finds such calls in the source.
 */
const SOURCES = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.gen.ts', '!/src/testing/**'],
  { query: '?raw', import: 'default', eager: true },
);

/** Each line of the sources matching `pattern`, as "path:line: text". */
function linesMatching(pattern: RegExp, except: readonly string[] = []): string[] {
  return Object.entries(SOURCES)
    .filter(([path]) => !except.includes(path))
    .flatMap(([path, text]) =>
      text
        .split('\n')
        .map((line, i) => ({ line, at: `${path}:${i + 1}` }))
        .filter(({ line }) => pattern.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
}

describe('dates on screen', () => {
  it('reads the sources it guards', () => {
    expect(Object.keys(SOURCES)).toContain('/src/shared/lib/dates.ts');
    expect(Object.keys(SOURCES)).toContain(
      '/src/features/requests/components/cancel-request-card.tsx',
    );
  });

  it('are formatted with the shared formats, never a pattern written in place', () => {
    // dayjs's `.format('…')` and the shared helpers given a literal pattern.
    expect(linesMatching(/\.format\(\s*['"`]/)).toEqual([]);
    expect(linesMatching(/\bformatDate(Time|Range)?\([^)]*,\s*['"`]/)).toEqual([]);
  });

  it('never take their form from the browser locale', () => {
    expect(
      linesMatching(/toLocale(Date|Time)?String\(\s*\)|toLocaleDateString|Intl\.DateTimeFormat/),
    ).toEqual([]);
  });
});

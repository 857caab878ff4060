/** @type {import('jest').Config} */
const swc = ['@swc/jest', require('./swc.config.cjs')];

module.exports = {
  rootDir: '.',
  testEnvironment: '<rootDir>/test/support/test-environment.ts',
  // Unit tests sit beside the code (*.spec.ts); integration tests, on a real PostgreSQL and
  // over HTTP, live in test/ (*.int-spec.ts).
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  // Our TypeScript is compiled to CommonJS, as `nest build` does. Packages published as ES
  // modules only (Nest 12, MikroORM 7, openid-client, otplib…) are require()d as they are:
  // jest's loader does that on Node ≥ 24.9 when vm modules are on, which package.json's `test`
  // script does with --experimental-vm-modules (docs/operations.md, "Upgrade notes").
  transform: { '^.+\\.ts$': swc },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 2 : '50%',
  // A worker exits by itself when the run ends and nothing is left open; 30 s instead of jest's
  // 500 ms lets a loaded machine tear a large worker down without a false "failed to exit
  // gracefully" warning, which now means a real leak (test/support/test-environment.ts names it).
  workerGracefulExitTimeout: 30000,
  // No workerIdleMemoryLimit: jest-worker restarts a worker past the limit when that worker's
  // memory report arrives, and a report arriving after the last file races with the end of the run.
};

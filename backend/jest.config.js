/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  rootDir: '.',
  testEnvironment: '<rootDir>/test/support/test-environment.ts',
  // Unit tests sit beside the code (*.spec.ts); integration tests, on a real PostgreSQL and
  // over HTTP, live in test/ (*.int-spec.ts).
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  transform: { '^.+\\.ts$': swc },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: process.env.CI ? 2 : '50%',
  // No workerIdleMemoryLimit: jest-worker restarts a worker past the limit when that worker's
  // memory report arrives, and a report arriving after the last file races with the end of the run
  // (the new worker never gets the end message and is force-exited after 500 ms: "A worker process
  // has failed to exit gracefully"). A worker grows to ~1 GB over the run; the test environment
  // ends it at once when the run ends (test/support/test-environment.ts).
};

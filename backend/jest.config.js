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
  // Each file boots Nest apps in its own module registry and a worker's heap grows to ~1 GB over
  // the run; a worker that large did not exit within jest's 500 ms at the end ("A worker process
  // has failed to exit gracefully"). Recycling a worker past this size keeps every worker small.
  workerIdleMemoryLimit: '600MB',
};

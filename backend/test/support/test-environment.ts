import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's test environment, plus a prompt exit for jest's worker processes. At the end of a run
 * jest asks each worker to stop and kills any still alive after 500 ms ("A worker process has
 * failed to exit gracefully"). A worker that has booted many Nest apps holds hundreds of MB,
 * and tearing that heap down on a busy machine takes longer than 500 ms although nothing is
 * left open. Once a worker has nothing left to do, it exits at once, without the teardown.
 * (This module is loaded once per worker, outside the test files' sandboxes.)
 */
if (process.send && process.env.JEST_WORKER_ID) {
  process.once('beforeExit', (code) => process.exit(code));
}

export default TestEnvironment;

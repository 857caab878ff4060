import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's test environment, plus a prompt end for jest's worker processes. At the end of a run
 * jest asks each worker to stop and kills any still alive after 500 ms ("A worker process has
 * failed to exit gracefully"). A worker that has booted many Nest apps holds hundreds of MB;
 * even `process.exit` spends CPU tearing that down, and on a machine loaded 7x its cores a
 * process gets too little CPU to finish within 500 ms although nothing is left open (measured:
 * 115-969 ms for process.exit at load 11). So once a worker's event loop is empty — every result
 * already sent to jest over IPC, stdout and stderr pipes written synchronously on Linux — it
 * ends itself with SIGKILL, which the kernel carries out without the process running again.
 * Jest treats a worker that ends by a signal with no request pending as a normal shutdown.
 * (This module is loaded once per worker, outside the test files' sandboxes.)
 */
// Only in jest-worker's child processes: never in a jest run in band, whose exit code matters.
const isJestWorkerChild = /jest-worker[\\/]build[\\/]processChild\.js$/.test(process.argv[1] ?? '');
if (isJestWorkerChild && process.send) {
  process.once('beforeExit', (code) => {
    if (code === 0) process.kill(process.pid, 'SIGKILL');
    else process.exit(code);
  });
}

export default TestEnvironment;

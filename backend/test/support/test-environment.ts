import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's test environment, plus a report of anything that would keep a jest worker alive.
 *
 * At the end of a run jest sends each worker its "end" message; the worker then exits on its own
 * once its event loop is empty, which is the proof that no test left a server, socket or timer
 * behind. Jest kills a worker still alive `workerGracefulExitTimeout` later and warns "A worker
 * process has failed to exit gracefully". Its default of 500 ms is shorter than a loaded 2-core
 * machine needs to tear down a worker that booted many Nest apps (measured: up to 969 ms for the
 * exit alone at load 11), so jest.config.js gives it 30 s: a clean worker always makes it, a
 * leaking one never does and still gets the warning.
 *
 * So that a leak is named rather than guessed at, a worker that is still alive 5 s after the end
 * message writes what it still holds besides its own pipes to stderr (process.getActiveResourcesInfo).
 * The timer is unref'd: it never keeps a clean worker alive itself.
 * (This module is loaded once per worker, outside the test files' sandboxes.)
 */
/** jest-worker's "end" message type (CHILD_MESSAGE_END in jest-worker 30, jest's own version). */
const CHILD_MESSAGE_END = 2;
/** What every worker holds until it exits: its stdio and IPC pipes. */
const ALWAYS_OPEN = new Set(['PipeWrap', 'TTYWrap']);
const REPORT_AFTER_MS = 5000;

const isJestWorkerChild = /jest-worker[\\/]build[\\/]processChild\.js$/.test(process.argv[1] ?? '');
if (isJestWorkerChild && process.send) {
  const onMessage = (message: unknown) => {
    if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
    // A 'message' listener keeps the IPC channel, and so the worker, alive: let go of it as jest does.
    process.off('message', onMessage);
    setTimeout(() => {
      const open = process.getActiveResourcesInfo().filter((kind) => !ALWAYS_OPEN.has(kind));
      process.stderr.write(
        `jest worker ${process.pid}: still running ${REPORT_AFTER_MS / 1000} s after the end of the run, holding: ${open.join(', ')}\n`,
      );
    }, REPORT_AFTER_MS).unref();
  };
  process.on('message', onMessage);
}

export default TestEnvironment;

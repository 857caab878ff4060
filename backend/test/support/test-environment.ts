import { TestEnvironment } from 'jest-environment-node';

/**
 * Node's test environment, plus a prompt end for jest's worker processes.
 *
 * At the end of a run jest sends each worker its "end" message and kills any still alive 500 ms
 * later, printing "A worker process has failed to exit gracefully … tests leaking due to improper
 * teardown". A worker that has booted many Nest apps holds hundreds of MB; on a machine loaded
 * several times its cores, the exit that follows (letting the event loop drain, then tearing the
 * heap down) can take longer than 500 ms with nothing left open (measured: 115-969 ms for
 * process.exit alone at load 11), so the warning said nothing about leaks.
 *
 * So a worker ends itself with SIGKILL as soon as the end message arrives: every result has
 * already gone to jest over IPC, and stdout/stderr pipes are written synchronously on Linux.
 * Before that it lists what is still open besides its pipes — a leaked server, socket or timer
 * is named on stderr instead of being guessed at. Jest treats a worker that ends by a signal with
 * no request pending as a normal shutdown. Only jest-worker's child processes do this, never a
 * run in band, whose exit code matters.
 * (This module is loaded once per worker, outside the test files' sandboxes.)
 */
/** jest-worker's "end" message type (CHILD_MESSAGE_END in jest-worker 30, jest's own version). */
const CHILD_MESSAGE_END = 2;
/** What every worker holds to the end: its stdio and IPC pipes. */
const ALWAYS_OPEN = new Set(['PipeWrap', 'TTYWrap']);

const isJestWorkerChild = /jest-worker[\\/]build[\\/]processChild\.js$/.test(process.argv[1] ?? '');
if (isJestWorkerChild && process.send) {
  process.on('message', (message: unknown) => {
    if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
    const open = process.getActiveResourcesInfo().filter((kind) => !ALWAYS_OPEN.has(kind));
    if (open.length) process.stderr.write(`jest worker ${process.pid}: still open at the end of the run: ${open.join(', ')}\n`);
    process.kill(process.pid, 'SIGKILL');
  });
}

export default TestEnvironment;

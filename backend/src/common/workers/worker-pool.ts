import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { HttpException, HttpStatus, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Piscina } from 'piscina';
import type { Env } from '../../config/env';

/**
 * A function exported by a module that worker threads load: plain data in, plain data out
 * (structured clone), no Nest, no database. `F` is the function's type, for the call's types.
 */
export interface WorkerTask<F extends (input: never) => unknown> {
  /** The module's absolute path. */
  file: string;
  /** The exported function's name. */
  name: string;
  /** Never set: carries the function's type to `run`. */
  readonly signature?: F;
}

/**
 * The task `name` of the module `base` (no extension) in `dirname`: `.ts` when the caller runs
 * from the sources (jest), `.js` in the built app. Call it with the caller's `__dirname` and
 * `__filename`.
 */
export function workerTask<F extends (input: never) => unknown>(dirname: string, callerFile: string, base: string, name: string): WorkerTask<F> {
  return { file: path.join(dirname, `${base}${path.extname(callerFile)}`), name };
}

/** Seconds a refused task's request is told to wait before trying again. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Tasks waiting for a thread beyond which new ones are refused (503): past it, waits grow long. */
const MAX_QUEUE = 64;

/**
 * Worker threads run the work that would hold the event loop for tens or hundreds of milliseconds
 * (spreadsheets, the fairness table, staff import parsing, the engine's bulk runs), so one
 * school's burst doesn't stall every other school's requests (docs/security.md#fair-use).
 *
 * Threads start when work comes and stop after a minute without any, so an instance that never
 * exports holds no thread. They run at a lower priority (nice 10, where the OS allows it): when
 * the CPUs are busy, serving requests comes first. Past MAX_QUEUE waiting tasks, new ones are
 * refused with 503 and Retry-After.
 */
@Injectable()
export class WorkerPool implements OnModuleDestroy {
  private readonly pool: Piscina;

  constructor(config: ConfigService<Env, true>) {
    const threads = config.get('WORKER_THREADS', { infer: true }) ?? Math.max(1, availableParallelism() - 1);
    this.pool = new Piscina({
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
      maxQueue: MAX_QUEUE,
      niceIncrement: 10,
      // From the sources (jest) a worker needs to be taught TypeScript (typescript-hook.cjs).
      execArgv: __filename.endsWith('.ts') ? ['--require', path.join(__dirname, 'typescript-hook.cjs')] : [],
    });
  }

  async run<F extends (input: never) => unknown>(task: WorkerTask<F>, input: Parameters<F>[0]): Promise<Awaited<ReturnType<F>>> {
    try {
      return (await this.pool.run(input, { filename: task.file, name: task.name })) as Awaited<ReturnType<F>>;
    } catch (error) {
      if (/queue is at limit/i.test((error as Error | undefined)?.message ?? '')) throw new ServerBusyException();
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/** 503 when the worker threads' queue is full: the whole instance is busy, not one school. */
export class ServerBusyException extends HttpException {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;

  constructor() {
    super('The server is busy at the moment. Please try again in a few seconds.', HttpStatus.SERVICE_UNAVAILABLE);
  }
}

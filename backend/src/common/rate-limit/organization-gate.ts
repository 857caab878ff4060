import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * At most `running` pieces of work of one key (an organisation) at once; the next `waiting` wait
 * for their turn, first come first served; past that, `enter` refuses at once. Waiting costs
 * nothing but memory: the work that would compete for the CPU and the database is the running one.
 * One instance's count: each app instance has its own.
 */
export class OrganizationGate {
  private readonly lines = new Map<string, { running: number; queue: (() => void)[] }>();

  constructor(
    readonly running: number,
    readonly waiting: number,
    /** What the line is for, in the refusal: "fairness views, exports, personal data downloads, imports or bulk changes". */
    private readonly what = 'this kind',
  ) {}

  /** Waits for a turn of `key`; resolves with the function that ends it. Throws `GateFullException` when the line is full. */
  async enter(key: string): Promise<() => void> {
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = { running: 0, queue: [] }));
    if (line.running < this.running) {
      line.running += 1;
    } else {
      if (line.queue.length >= this.waiting) throw new GateFullException(this.what);
      // The turn is handed over by `leave` (the running count stays as it is).
      await new Promise<void>((resolve) => line.queue.push(resolve));
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave(key, line);
    };
  }

  /** Running and waiting work of `key` (for tests and diagnostics). */
  load(key: string): { running: number; waiting: number } {
    const line = this.lines.get(key);
    return { running: line?.running ?? 0, waiting: line?.queue.length ?? 0 };
  }

  private leave(key: string, line: { running: number; queue: (() => void)[] }): void {
    const next = line.queue.shift();
    if (next) return next();
    line.running -= 1;
    if (line.running === 0) this.lines.delete(key);
  }
}

/** Seconds a refused request is told to wait: the running work of a school takes about that at worst. */
export const GATE_RETRY_AFTER_SECONDS = 5;

/** 429 when a school's line of expensive requests on this instance is full. */
export class GateFullException extends HttpException {
  readonly retryAfterSeconds = GATE_RETRY_AFTER_SECONDS;

  constructor(what: string) {
    super(
      `The server is still working on earlier requests from your organisation for ${what}. Please wait a few seconds and try again.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

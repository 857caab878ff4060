import { Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How often the event loop's use is sampled. */
export const WINDOW_MS = 2_000;
/** A window at least this busy (share of its time running JavaScript) counts as load. */
export const BUSY = 0.25;
/** A window at most this busy counts as quiet (timers, the outbox's polling). */
export const QUIET = 0.05;
/** At most one release in this time, however the load comes and goes. */
export const MIN_GAP_MS = 10_000;

/**
 * When to give memory back: in the first quiet window after load, at most once per MIN_GAP_MS.
 * Pure, so the decisions are tested without a clock or a collector.
 */
export class IdleReleasePolicy {
  private loadSinceRelease: boolean;
  private lastReleaseAt = Number.NEGATIVE_INFINITY;

  /**
   * `afterStartUp`: start-up counts as load, so the first quiet window releases what it left once
   * the server is listening (the jobs that run then, the first requests); after that, as for any
   * load. Without it, an idle server is left alone until it has seen load.
   */
  constructor(afterStartUp = false) {
    this.loadSinceRelease = afterStartUp;
  }

  /** Takes one window's event-loop utilisation (0–1) at `now`; true when memory should be given back. */
  observe(utilization: number, now: number): boolean {
    if (utilization >= BUSY) this.loadSinceRelease = true;
    if (!this.loadSinceRelease || utilization > QUIET || now - this.lastReleaseAt < MIN_GAP_MS) return false;
    this.loadSinceRelease = false;
    this.lastReleaseAt = now;
    return true;
  }
}

type Collect = (options: { type: 'major'; execution: 'async'; flavor: 'last-resort' }) => Promise<void>;

/**
 * Gives the memory a burst of requests made the process hold back to the system once the burst is
 * over. Under load V8 keeps the young generation's pages, freed pages in its pool and a grown old
 * generation; a browser releases them when the page goes idle (its memory reducer runs on idle
 * notifications), but Node sends none, so a server kept them until it was restarted: after
 * bench/api's load a regular full collection left the app at 246 MiB resident and a "last resort"
 * one at 159 (docs/performance.md). This runs that collection (asynchronously, as its own task) in
 * the first quiet two seconds after load.
 *
 * It needs node's `--expose-gc` (backend/package.json's `start:prod` and the Docker image pass it);
 * without it (development, tests) it does nothing. The peak, while the load lasts, is unchanged.
 */
@Injectable()
export class IdleMemoryRelease implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdleMemoryRelease.name);
  private readonly policy = new IdleReleasePolicy(true);
  private timer?: NodeJS.Timeout;
  private last?: EventLoopUtilization;

  constructor(private readonly collect: Collect | undefined = (globalThis as { gc?: Collect }).gc) {}

  onApplicationBootstrap(): void {
    if (!this.collect) return;
    this.last = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.sample(), WINDOW_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private sample(): void {
    const now = performance.eventLoopUtilization();
    const window = performance.eventLoopUtilization(now, this.last);
    this.last = now;
    if (!this.policy.observe(window.utilization, performance.now())) return;
    const before = process.memoryUsage.rss();
    this.collect!({ type: 'major', execution: 'async', flavor: 'last-resort' }).then(
      () => this.logger.debug(`Released memory after load: RSS ${mib(before)} → ${mib(process.memoryUsage.rss())} MiB`),
      (err: unknown) => this.logger.warn(`Could not release memory: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
}

const mib = (bytes: number) => Math.round(bytes / 1048576);

/**
 * Start-up is a burst too: loading every module, building the app and checking the migrations leave
 * a young generation grown to its full semi-spaces and a heap of garbage (about 70 MiB of the 220 MiB
 * an instance held when it began listening). `main.ts` runs this once, before the server accepts
 * connections, so an idle instance starts at its working size. Without `--expose-gc` it does nothing.
 */
export async function releaseStartupMemory(collect: Collect | undefined = (globalThis as { gc?: Collect }).gc): Promise<void> {
  await collect?.({ type: 'major', execution: 'async', flavor: 'last-resort' });
}

@Module({ providers: [{ provide: IdleMemoryRelease, useFactory: () => new IdleMemoryRelease() }] })
export class MemoryModule {}

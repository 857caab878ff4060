import { BUSY, IdleMemoryRelease, IdleReleasePolicy, MIN_GAP_MS, QUIET, WINDOW_MS } from './idle-memory-release';

describe('IdleReleasePolicy', () => {
  /** Feeds one window's utilisation per WINDOW_MS; the times at which memory is released. */
  function releases(utilizations: number[], afterStartUp = false): number[] {
    const policy = new IdleReleasePolicy(afterStartUp);
    return utilizations.flatMap((u, i) => (policy.observe(u, (i + 1) * WINDOW_MS) ? [(i + 1) * WINDOW_MS] : []));
  }

  it('releases in the first quiet window after load, once', () => {
    expect(releases([0.9, 0.8, QUIET, 0.01, 0.01])).toEqual([3 * WINDOW_MS]);
  });

  it('never releases without load first: an idle server is left alone', () => {
    expect(releases([0.01, 0.02, QUIET, 0.2, 0.01, 0])).toEqual([]);
  });

  it('after start-up, releases once in the first quiet window, then only after load', () => {
    expect(releases([0.2, 0.01, 0.01, 0, 0.01, 0.01, 0.01], true)).toEqual([2 * WINDOW_MS]);
  });

  it('waits out windows that are neither busy nor quiet', () => {
    expect(releases([BUSY, 0.1, 0.2, 0.01])).toEqual([4 * WINDOW_MS]);
  });

  it('releases at most once per MIN_GAP_MS when load comes and goes', () => {
    const burstsEveryOtherWindow = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 0.9 : 0));
    const times = releases(burstsEveryOtherWindow);
    expect(times.length).toBeGreaterThan(1);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(MIN_GAP_MS);
  });
});

describe('IdleMemoryRelease', () => {
  afterEach(() => jest.useRealTimers());

  it('does nothing without a collector (node started without --expose-gc)', () => {
    jest.useFakeTimers();
    const release = new IdleMemoryRelease(undefined);
    release.onApplicationBootstrap();
    expect(jest.getTimerCount()).toBe(0);
    release.onApplicationShutdown();
  });

  it('samples every WINDOW_MS with a collector and stops on shutdown', () => {
    jest.useFakeTimers();
    const collect = jest.fn(() => Promise.resolve());
    const release = new IdleMemoryRelease(collect);
    release.onApplicationBootstrap();
    expect(jest.getTimerCount()).toBe(1);
    // A quiet process (no load before): the windows pass and nothing is collected.
    jest.advanceTimersByTime(5 * WINDOW_MS);
    expect(collect).not.toHaveBeenCalled();
    release.onApplicationShutdown();
    expect(jest.getTimerCount()).toBe(0);
  });
});

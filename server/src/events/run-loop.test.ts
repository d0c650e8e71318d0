import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRunLoop, type RunLoopOptions } from './run-loop.ts';

// Fake timers: a pass, a poll and a backoff happen when the test moves the clock, however busy the machine.
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
/** Waits for `idle` while moving the clock. */
const settled = async (idle: Promise<void>) => {
  await Promise.all([idle, tick(20)]);
};

/** A loop whose passes answer from `results` in turn (true = more, false = done, Error = a failure), then false. */
function loopOf(results: (boolean | Error)[], opts: Partial<RunLoopOptions> = {}) {
  const passes: number[] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const loop = createRunLoop({
    step: async () => {
      passes.push(passes.length + 1);
      if (hold)
        await new Promise<void>((r) => {
          release = r;
        });
      const next = results.shift() ?? false;
      if (next instanceof Error) throw next;
      return next;
    },
    pollMs: 60_000,
    backoffMs: () => 40,
    onError: () => undefined,
    ...opts,
  });
  return {
    loop,
    passes,
    holdNext: () => {
      hold = true;
    },
    releasePass: () => {
      hold = false;
      release?.();
    },
  };
}

describe('the run loop of the outbox relay and consumers', () => {
  it('runs again at once while a pass says there is more, then rests until the poll', async () => {
    const { loop, passes } = loopOf([true, true, false]);
    loop.start();
    await settled(loop.idle());
    expect(passes.length).toBeGreaterThanOrEqual(3);
    const count = passes.length;
    await tick(30);
    expect(passes).toHaveLength(count);
    await loop.stop();
  });

  it('wake waits a turn; wakeNow enters the pass within the call, and not while backing off', async () => {
    const { loop, passes } = loopOf([false, false, new Error('broker away'), false]);
    loop.start();
    await settled(loop.idle());
    const rested = passes.length;
    loop.wake();
    expect(passes).toHaveLength(rested);
    await tick(0);
    expect(passes).toHaveLength(rested + 1);
    loop.wakeNow();
    expect(passes).toHaveLength(rested + 2); // entered before this line, no timer in between
    await tick(0);
    loop.wakeNow(); // the third pass fails: the loop backs off
    await tick(0);
    const failed = passes.length;
    loop.wakeNow();
    expect(passes).toHaveLength(failed);
    await tick(40);
    expect(passes).toHaveLength(failed + 1);
    await loop.stop();
  });

  it('a wake during a pass runs one more pass after it, and idle() waits for a pass that started after it', async () => {
    const { loop, passes, holdNext, releasePass } = loopOf([]);
    loop.start();
    await settled(loop.idle());
    const before = passes.length;
    holdNext();
    loop.wake();
    await tick(5);
    expect(passes).toHaveLength(before + 1);
    let idle = false;
    const waiting = loop.idle().then(() => {
      idle = true;
    });
    await tick(5);
    expect(idle).toBe(false);
    releasePass();
    await settled(waiting);
    expect(passes.length).toBeGreaterThanOrEqual(before + 2);
    await loop.stop();
  });

  it('after a failure it backs off (wakes wait), reports it, and recovers; retryNow skips the wait', async () => {
    const onError = vi.fn();
    const onRecovered = vi.fn();
    const { loop, passes } = loopOf([new Error('broker away'), new Error('still away')], {
      onError,
      onRecovered,
      backoffMs: (n) => n * 40,
    });
    loop.start();
    await tick(5);
    expect(passes).toHaveLength(1);
    expect(loop.failing).toBe(true);
    expect(onError).toHaveBeenLastCalledWith(expect.any(Error), 40);
    loop.wake();
    await tick(5);
    expect(passes).toHaveLength(1);
    await tick(60);
    expect(passes).toHaveLength(2);
    expect(onError).toHaveBeenLastCalledWith(expect.any(Error), 80);
    loop.retryNow();
    await tick(5);
    expect(passes).toHaveLength(3);
    expect(loop.failing).toBe(false);
    // retryNow forgot the failures, so the pass that then succeeded is not a recovery from them.
    expect(onRecovered).not.toHaveBeenCalled();
    await loop.stop();
  });

  it('a pass that succeeds after failures reports the recovery', async () => {
    const onRecovered = vi.fn();
    const { loop } = loopOf([new Error('once')], { onRecovered, backoffMs: () => 10 });
    loop.start();
    await tick(40);
    expect(onRecovered).toHaveBeenCalledTimes(1);
    expect(loop.failing).toBe(false);
    await loop.stop();
  });

  it('stop waits for the pass in flight and runs no more; start again resumes', async () => {
    const { loop, passes, holdNext, releasePass } = loopOf([]);
    holdNext();
    loop.start();
    await tick(5);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await tick(20);
    expect(stopped).toBe(false);
    releasePass();
    await settled(stopping);
    const count = passes.length;
    loop.wake();
    await tick(20);
    expect(passes).toHaveLength(count);
    loop.start();
    await settled(loop.idle());
    expect(passes.length).toBeGreaterThan(count);
    await loop.stop();
  });
});

/**
 * The polling loop the outbox relay and consumers share: one pass at a time, again at once while
 * there is more or a wake came in during a pass, otherwise after `pollMs`; after a failure, again
 * after a growing backoff, during which wakes wait. `idle()` resolves once a pass that started
 * after the call found nothing left (a pass in flight may have read before the caller's commit).
 */
export type RunLoopOptions = {
  /** One pass; resolves true when there may be more right away. */
  step: () => Promise<boolean>;
  /** Safety-net poll while idle; wakes come sooner. */
  pollMs: number;
  /** The wait before the next pass after `failures` failures in a row (1, 2, …). */
  backoffMs: (failures: number) => number;
  /** A pass failed; the next one runs in `retryInMs`. */
  onError: (error: unknown, retryInMs: number) => void;
  /** A pass succeeded after failures. */
  onRecovered?: () => void;
};

export function createRunLoop(opts: RunLoopOptions) {
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running = false;
  let again = false;
  let stopped = true;
  let failures = 0;
  let idleRequests = 0;
  const idleWaiters = new Map<() => void, number>();

  /** Runs in `ms` unless a run is already due sooner (a stream of wakes must not postpone it); a backoff always applies. */
  function schedule(ms: number, force = false) {
    if (stopped || (!force && Date.now() + ms >= dueAt)) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      dueAt = Infinity;
      void run();
    }, ms);
    timer.unref();
  }

  async function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    const covers = idleRequests;
    let more = false;
    try {
      more = await opts.step();
      if (failures) opts.onRecovered?.();
      failures = 0;
    } catch (error) {
      failures++;
      opts.onError(error, opts.backoffMs(failures));
    } finally {
      running = false;
    }
    if (failures) return schedule(opts.backoffMs(failures), true);
    if (more || again) {
      again = false;
      return schedule(0);
    }
    for (const [release, request] of idleWaiters) {
      if (request <= covers) {
        idleWaiters.delete(release);
        release();
      }
    }
    schedule(idleWaiters.size ? 0 : opts.pollMs);
  }

  const loop = {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** New work: a pass after `delayMs`, unless the loop is backing off after a failure. */
    wake(delayMs = 0) {
      if (!stopped && !failures) schedule(delayMs);
    },
    /**
     * New work that should not wait a turn: the pass starts in this call, so its first query is queued before
     * whatever the caller does next (on PGlite one query runs at a time: the relay's select goes ahead of the
     * answer the request is still building). Not while backing off.
     */
    wakeNow() {
      if (stopped || failures) return;
      clearTimeout(timer);
      dueAt = Infinity;
      void run();
    },
    /** The cause of the failures is gone (e.g. the broker is back): forget the backoff and run now. */
    retryNow() {
      failures = 0;
      schedule(0, true);
    },
    /** Resolves the next time a pass finds nothing left. */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.set(resolve, ++idleRequests);
        loop.wake();
      });
    },
    get failing() {
      return failures > 0;
    },
    /** Stops scheduling and waits for a pass in flight. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      dueAt = Infinity;
      while (running) await new Promise((r) => setTimeout(r, 10));
    },
  };
  return loop;
}
export type RunLoop = ReturnType<typeof createRunLoop>;

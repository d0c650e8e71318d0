import type { Logger } from './logger.ts';

/**
 * Work a request starts but does not wait for (e.g. mailing a reset link, whose cost would tell
 * who exists). Each task starts after the current I/O turn, so the answer leaves first; a failure
 * is logged, never thrown at the caller. Shutdown and tests wait for what is in flight with idle().
 */
export function createBackgroundTasks(log: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<unknown>): void {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error('background task failed', { task: name, error }),
        )
        .finally(() => {
          pending.delete(done);
        });
      pending.add(done);
    },
    /** Resolves once nothing is in flight, including tasks started by the ones awaited. */
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;

import { INSIGHTS_LIMITS } from '#domain/insights';
import type { ScreenReport } from '#domain/schemas/insights';

export type ScreenEntry = ScreenReport['screens'][number];

type Options = {
  /** Sends one batch; a rejection drops it (usage counts are best effort, domain/insights.ts). */
  send: (screens: ScreenEntry[]) => Promise<unknown>;
  /** Sends the last batch while the page goes away (fetch keepalive); the default is `send`. */
  sendOnExit?: (screens: ScreenEntry[]) => void;
  intervalMs?: number;
  /** A batch leaves as soon as this many screens wait. */
  batchSize?: number;
};

export const SCREEN_REPORT = { intervalMs: 30_000, batchSize: 20 } as const;

/**
 * The screens a signed-in staff user opened, queued and sent to POST ocinsights/uso/pantallas in batches: every
 * `intervalMs`, as soon as `batchSize` wait, and when the tab is hidden (`flush(true)`). A failed batch is dropped,
 * never retried or shown: a lost count is cheaper than a toast about statistics.
 */
export function createScreenReportQueue({
  send,
  sendOnExit,
  intervalMs = SCREEN_REPORT.intervalMs,
  batchSize = SCREEN_REPORT.batchSize,
}: Options) {
  let queue: ScreenEntry[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;

  function flush(exiting = false) {
    while (queue.length) {
      const batch = queue.slice(0, INSIGHTS_LIMITS.maxScreensPerReport);
      queue = queue.slice(batch.length);
      try {
        if (exiting && sendOnExit) sendOnExit(batch);
        else void send(batch).catch(() => undefined);
      } catch {
        // best effort: the batch is gone
      }
    }
  }

  return {
    add(entry: ScreenEntry) {
      queue.push(entry);
      if (queue.length >= batchSize) flush();
    },
    flush,
    start() {
      timer ??= setInterval(() => flush(), intervalMs);
    },
    /** Stops the timer and forgets what waits (the user signed out: their screens are not someone else's). */
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      queue = [];
    },
    pending: () => queue.length,
  };
}

export type ScreenReportQueue = ReturnType<typeof createScreenReportQueue>;

import type { AppDeps } from '../../http/context.ts';
import { expireOverdueCourses, remindExpiringCourses } from './courses/watch.ts';
import { noticeEndingContracts } from './workers/contract-watch.ts';

export const ADMIN_WATCH_INTERVAL_MS = 60_000;

/** One pass of the administration's date sweeps: course expiry, course reminders, contracts ending. */
export async function sweepAdminDates(deps: AppDeps, now = new Date()) {
  const expired = await expireOverdueCourses(deps, now);
  const reminded = await remindExpiringCourses(deps, now);
  const contracts = await noticeEndingContracts(deps, now);
  return { expired, reminded, contracts };
}

/**
 * The periodic sweep of the server process (started by runtime/main.ts); errors are logged and the next sweep
 * tries again. Each sweep claims its rows with conditional writes, so several instances may run it at once.
 */
export function startAdminWatch(deps: AppDeps, opts: { intervalMs?: number } = {}) {
  const log = deps.log.child({ component: 'admin-watch' });
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepAdminDates(deps)
      .then((n) => {
        if (n.expired || n.reminded || n.contracts) log.info('administration dates swept', n);
      })
      .catch((error: unknown) => log.error('admin watch failed', { error: String(error) }))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, opts.intervalMs ?? ADMIN_WATCH_INTERVAL_MS);
  // Soon after start, so deadlines that passed while the server was down are not left waiting.
  const first = setTimeout(sweep, 5_000);
  timer.unref();
  first.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}

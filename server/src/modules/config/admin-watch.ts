import type { AppDeps, PeriodicTask } from '../../http/context.ts';
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

/** The periodic task of the server process (registered by registerConfig, run by runtime/periodic.ts). */
export const ADMIN_WATCH: PeriodicTask = {
  name: 'admin-watch',
  intervalMs: ADMIN_WATCH_INTERVAL_MS,
  run: (deps, now) => sweepAdminDates(deps, now),
};

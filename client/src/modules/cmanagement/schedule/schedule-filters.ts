import { CM_TASK_STATES } from '#domain/cmanagement';
import type { CmScheduleParams } from '../api/tasks.ts';

/** The schedule's filters and view as the URL keeps them (?project=1,2&state=en_curso&from=…&view=calendar). */
export const SCHEDULE_FILTERS = ['project', 'ticket', 'assignee', 'state', 'from', 'to'] as const;
export type ScheduleView = 'gantt' | 'calendar';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const idsOf = (raw: string | null) => (raw ?? '').split(',').filter((v) => /^\d+$/.test(v));

/** The request of a URL: only well-formed values, so a hand-edited address never becomes a 422. */
export function scheduleParamsOf(search: URLSearchParams): CmScheduleParams {
  const out: CmScheduleParams = {};
  for (const key of ['project', 'ticket', 'assignee'] as const) {
    const ids = idsOf(search.get(key));
    if (ids.length) out[key] = ids.join(',');
  }
  const states = (search.get('state') ?? '')
    .split(',')
    .filter((s) => (CM_TASK_STATES as readonly string[]).includes(s));
  if (states.length) out.state = states.join(',');
  for (const key of ['from', 'to'] as const) {
    const day = search.get(key);
    if (day && ISO_DAY.test(day)) out[key] = day;
  }
  return out;
}

export const listOf = (value: string | undefined) => (value ? value.split(',') : []);
export const viewOf = (search: URLSearchParams): ScheduleView =>
  search.get('view') === 'calendar' ? 'calendar' : 'gantt';

/** The URL after one filter changed (empty values are dropped; the view stays). */
export function withFilter(
  search: URLSearchParams,
  key: (typeof SCHEDULE_FILTERS)[number] | 'view',
  value: string | string[],
) {
  const next = new URLSearchParams(search);
  const text = Array.isArray(value) ? value.join(',') : value;
  if (text) next.set(key, text);
  else next.delete(key);
  return next;
}

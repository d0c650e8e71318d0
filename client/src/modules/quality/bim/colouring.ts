import { plannedProgressOn } from '#domain/quality';
import type { ActivityElement, ActivityRow } from '#domain/quality-responses';

/**
 * How the BIM page colours a model's elements from the activities they are linked to (docs/product.md §1
 * Quality: construction progress on the model). An element linked to several activities takes their mean.
 */

export const NOT_STARTED_COLOR = '#9ca3af';
const RED = [220, 38, 38] as const;
const AMBER = [245, 158, 11] as const;
const GREEN = [22, 163, 74] as const;

const mix = (a: readonly number[], b: readonly number[], f: number) => a.map((v, i) => Math.round(v + (b[i] - v) * f));
const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** 0 → red, 50 → amber, 100 → green. */
export function progressColor(progress: number): string {
  const p = Math.max(0, Math.min(100, progress)) / 100;
  return hex(p <= 0.5 ? mix(RED, AMBER, p * 2) : mix(AMBER, GREEN, (p - 0.5) * 2));
}

/** Activity ids of each linked element. */
export function activitiesByElement(links: readonly ActivityElement[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const l of links) {
    const list = out.get(l.global_id);
    if (list) list.push(l.activity_id);
    else out.set(l.global_id, [l.activity_id]);
  }
  return out;
}

const started = (a: ActivityRow) => a.progress > 0 || a.actual_start !== null;

/** Actual progress: grey when none of the element's activities started, else the gradient of their mean progress. */
export function progressColors(links: readonly ActivityElement[], rows: readonly ActivityRow[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const colors = new Map<string, string>();
  for (const [globalId, ids] of activitiesByElement(links)) {
    const acts = ids.map((id) => byId.get(id)).filter((a): a is ActivityRow => a !== undefined);
    if (acts.length === 0) continue;
    colors.set(
      globalId,
      acts.some(started) ? progressColor(acts.reduce((s, a) => s + a.progress, 0) / acts.length) : NOT_STARTED_COLOR,
    );
  }
  return colors;
}

export const PROGRESS_LEGEND = [0, 25, 50, 75, 100] as const;

// ── 4D ────────────────────────────────────────────────────────────────────────────────────────────────

export const PLAN_STATES = ['done', 'ahead', 'on_plan', 'behind', 'not_started', 'unplanned'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PLAN_COLORS: Record<PlanState, string> = {
  done: '#15803d',
  ahead: '#2563eb',
  on_plan: '#4ade80',
  behind: '#dc2626',
  not_started: NOT_STARTED_COLOR,
  unplanned: '#a78bfa',
};
/** Points of progress within which actual counts as on plan. */
export const ON_PLAN_TOLERANCE = 5;

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/**
 * What the activity had done on `day`, from what is known: nothing before its actual start, all of it from its
 * actual end, and in between a straight line from its start to where it stands today (its progress now).
 */
export function actualProgressOn(day: string, a: ActivityRow, today: string): number {
  if (a.actual_end && day >= a.actual_end) return 100;
  if (!a.actual_start || day < a.actual_start) return day >= today ? a.progress : 0;
  if (day >= today) return a.progress;
  const endDay = a.actual_end && a.actual_end < today ? a.actual_end : today;
  const target = a.actual_end && a.actual_end < today ? 100 : a.progress;
  const span = dayMs(endDay) - dayMs(a.actual_start);
  if (span <= 0) return target;
  return Math.round((target * (dayMs(day) - dayMs(a.actual_start))) / span);
}

/** Planned (linear between the estimated dates, domain/quality.ts plannedProgressOn) against actual on a day. */
export function planStateOn(day: string, a: ActivityRow, today: string): PlanState {
  const planned = plannedProgressOn(day, a.estimated_start, a.estimated_end);
  const actual = actualProgressOn(day, a, today);
  if (actual >= 100) return 'done';
  if (planned === null) return actual > 0 ? 'on_plan' : 'unplanned';
  if (actual <= 0 && planned <= 0) return 'not_started';
  if (actual - planned > ON_PLAN_TOLERANCE) return 'ahead';
  if (planned - actual > ON_PLAN_TOLERANCE) return 'behind';
  return 'on_plan';
}

const SEVERITY: PlanState[] = ['behind', 'on_plan', 'ahead', 'not_started', 'unplanned', 'done'];

/**
 * Each linked element's state on `day`; an element of several activities shows the most pressing one (behind
 * before on plan before ahead; done only when all are done). Also the count of elements per state.
 */
export function planColors(
  links: readonly ActivityElement[],
  rows: readonly ActivityRow[],
  day: string,
  today: string,
): { colors: Map<string, string>; counts: Record<PlanState, number> } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const states = new Map<number, PlanState>();
  const stateOf = (a: ActivityRow) => {
    let s = states.get(a.id);
    if (!s) states.set(a.id, (s = planStateOn(day, a, today)));
    return s;
  };
  const colors = new Map<string, string>();
  const counts = Object.fromEntries(PLAN_STATES.map((s) => [s, 0])) as Record<PlanState, number>;
  for (const [globalId, ids] of activitiesByElement(links)) {
    const list = ids
      .map((id) => byId.get(id))
      .filter((a): a is ActivityRow => a !== undefined)
      .map(stateOf);
    if (list.length === 0) continue;
    const state = SEVERITY.find((s) => list.includes(s))!;
    colors.set(globalId, PLAN_COLORS[state]);
    counts[state] += 1;
  }
  return { colors, counts };
}

/** The days the 4D slider spans: from the first estimated or actual start to the last end, today included. */
export function planRange(rows: readonly ActivityRow[], today: string): { from: string; to: string } {
  let from = today;
  let to = today;
  for (const r of rows)
    for (const d of [r.estimated_start, r.estimated_end, r.actual_start, r.actual_end]) {
      if (!d) continue;
      if (d < from) from = d;
      if (d > to) to = d;
    }
  return { from, to };
}

export const addDays = (day: string, n: number) => new Date(dayMs(day) + n * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / 86_400_000);

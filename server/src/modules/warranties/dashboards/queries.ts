import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { agentSql, fullName } from '../shared/people.ts';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/**
 * Seconds a ticket's clock was paused (postponed or waiting on the owner) between its creation and
 * `until`; overlapping pauses count once (range_agg merges them).
 */
export const pausedSeconds = (until: SQL) => sql`(
  select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0)::float8 from unnest(
    (select range_agg(tstzrange(p.started_at, coalesce(p.ended_at, now()))) from ticket_pauses p where p.ticket_id = tickets.id)
    * tstzmultirange(tstzrange(tickets.created_at, ${until}))) r)`;

/** Agents are exempt from the response-time limit (SPEC §6), so their tickets are never overdue. Needs `responsibleJoin` and project_settings as `s`. */
export const overdueSql = sql`(tickets.first_response_at is null and tickets.state in ('nueva', 'abierta', 'en_proceso')
  and not coalesce(ra.is_agent, false)
  and extract(epoch from (now() - tickets.created_at)) - ${pausedSeconds(sql`now()`)} > coalesce(s.response_time_hours, 48) * 3600)`;

export const responsibleJoin = sql`left join lateral (
    select ${agentSql} as is_agent from users join profiles on profiles.id = users.profile_id where users.id = tickets.responsible_id
  ) ra on true`;

/**
 * dashboard/solicitudes (issue 6 §8): counts by state and priority, overdue against the project's
 * response time, and one lane per responsible with its open tickets. `where` is the list's filter.
 */
export async function requestsBoard(db: DbOrTx, where: SQL, t: Translate) {
  const base = sql`from tickets left join project_settings s on s.project_id = tickets.project_id ${responsibleJoin} where ${where}`;
  const [byState, byPriority, lanes, cards] = await Promise.all([
    db.execute(sql`select tickets.state, count(*)::int as n ${base} group by tickets.state`),
    db.execute(sql`select tickets.priority, count(*)::int as n ${base} and tickets.state in ('nueva', 'abierta', 'en_proceso', 'postergada') group by tickets.priority`),
    db.execute(sql`select tickets.responsible_id, count(*)::int as open,
        count(*) filter (where tickets.state = 'nueva')::int as nueva, count(*) filter (where tickets.state = 'abierta')::int as abierta,
        count(*) filter (where tickets.state = 'en_proceso')::int as en_proceso, count(*) filter (where tickets.state = 'postergada')::int as postergada,
        count(*) filter (where ${overdueSql})::int as overdue, bool_or(coalesce(ra.is_agent, false)) as is_agent
      ${base} and tickets.state in ('nueva', 'abierta', 'en_proceso', 'postergada') group by tickets.responsible_id`),
    db.execute(sql`select * from (
        select tickets.id, tickets.code, tickets.subject, tickets.state, tickets.priority, tickets.responsible_id, tickets.updated_at, ${overdueSql} as overdue,
          row_number() over (partition by tickets.responsible_id order by tickets.updated_at desc, tickets.id desc) as rn
        ${base} and tickets.state in ('nueva', 'abierta', 'en_proceso', 'postergada')) x where x.rn <= 20`),
  ]);
  const laneRows = rowsOf<Record<string, number | null | boolean>>(lanes);
  const people = laneRows.length ? rowsOf<{ id: number; first_name: string; last_name: string; color: string | null }>(await db.execute(
    sql`select id, first_name, last_name, color from users where id in (${sql.join(laneRows.map((l) => sql`${l.responsible_id ?? -1}`), sql`, `)})`)) : [];
  const cardRows = rowsOf<{ id: number; code: string; subject: string; state: string; priority: string; responsible_id: number | null; updated_at: string; overdue: boolean }>(cards);
  const overdue = laneRows.reduce((n, l) => n + Number(l.overdue), 0);
  const open = laneRows.reduce((n, l) => n + Number(l.open), 0);
  return {
    by_state: Object.fromEntries(rowsOf<{ state: string; n: number }>(byState).map((r) => [r.state, r.n])),
    by_priority: Object.fromEntries(rowsOf<{ priority: string; n: number }>(byPriority).map((r) => [r.priority, r.n])),
    response: { open, overdue, on_time: open - overdue },
    lanes: laneRows.map((l) => {
      const who = people.find((p) => p.id === l.responsible_id);
      return {
        responsible: who ? { id: who.id, full_name: fullName({ firstName: who.first_name, lastName: who.last_name }), color: who.color, is_agent: Boolean(l.is_agent) }
          : { id: null, full_name: t('warranties.dashboard.unassigned'), color: null, is_agent: false },
        open: l.open, overdue: l.overdue, by_state: { nueva: l.nueva, abierta: l.abierta, en_proceso: l.en_proceso, postergada: l.postergada },
        tickets: cardRows.filter((c) => c.responsible_id === l.responsible_id).map((c) => ({
          id: c.id, code: c.code, subject: c.subject, state: c.state, priority: c.priority, overdue: c.overdue, updated_at: new Date(c.updated_at).toISOString(),
        })),
      };
    }).sort((a, b) => Number(b.open) - Number(a.open)),
  };
}

type Times = { count: number; avg_hours: number | null; median_hours: number | null };
const hours = (v: unknown) => (v === null || v === undefined ? null : Math.round((Number(v) / 3600) * 10) / 10);

/**
 * dashboard/eficiencia (issue 6 §8): response time (to the first public staff answer) and resolution
 * time per responsible and per project, the clock paused while postponed or waiting on the owner.
 */
export async function efficiency(db: DbOrTx, where: SQL) {
  const responseS = sql`(extract(epoch from (tickets.first_response_at - tickets.created_at)) - ${pausedSeconds(sql`tickets.first_response_at`)})`;
  const resolutionS = sql`(extract(epoch from (tickets.resolved_at - tickets.created_at)) - ${pausedSeconds(sql`tickets.resolved_at`)})`;
  const group = async (key: SQL, label: SQL) => rowsOf<Record<string, unknown>>(await db.execute(sql`
    select ${key} as key, ${label} as label,
      count(*) filter (where tickets.first_response_at is not null)::int as response_count,
      avg(${responseS}) filter (where tickets.first_response_at is not null) as response_avg,
      percentile_cont(0.5) within group (order by ${responseS}) filter (where tickets.first_response_at is not null) as response_median,
      count(*) filter (where tickets.resolved_at is not null and tickets.state in ('finalizada', 'resuelta', 'no_aplica'))::int as resolution_count,
      avg(${resolutionS}) filter (where tickets.resolved_at is not null and tickets.state in ('finalizada', 'resuelta', 'no_aplica')) as resolution_avg,
      percentile_cont(0.5) within group (order by ${resolutionS}) filter (where tickets.resolved_at is not null and tickets.state in ('finalizada', 'resuelta', 'no_aplica')) as resolution_median
    from tickets left join users u on u.id = tickets.responsible_id join projects pr on pr.id = tickets.project_id
    where ${where} group by 1, 2 order by 2`));
  const shape = (r: Record<string, unknown>) => ({
    response: { count: Number(r.response_count), avg_hours: hours(r.response_avg), median_hours: hours(r.response_median) } satisfies Times,
    resolution: { count: Number(r.resolution_count), avg_hours: hours(r.resolution_avg), median_hours: hours(r.resolution_median) } satisfies Times,
  });
  const [byResponsible, byProject] = await Promise.all([
    group(sql`tickets.responsible_id`, sql`coalesce(u.first_name || ' ' || u.last_name, '')`),
    group(sql`tickets.project_id`, sql`pr.name`),
  ]);
  return {
    by_responsible: byResponsible.map((r) => ({ responsible: r.key === null ? null : { id: Number(r.key), full_name: String(r.label) }, ...shape(r) })),
    by_project: byProject.map((r) => ({ project: { id: Number(r.key), name: String(r.label) }, ...shape(r) })),
  };
}

/** estadisticas (issue 6 §8): failures by place, item and severity, and recurrence by unit type. */
export async function statistics(db: DbOrTx, where: SQL) {
  const base = sql`from failures join tickets on tickets.id = failures.ticket_id join units un on un.id = failures.unit_id left join unit_types ut on ut.id = un.unit_type_id where ${where}`;
  const [byPlace, byItem, bySeverity, byType, recurring] = await Promise.all([
    db.execute(sql`select failures.place_name as name, count(*)::int as n ${base} group by 1 order by 2 desc, 1 limit 50`),
    db.execute(sql`select failures.item_name as name, failures.category, count(*)::int as n ${base} group by 1, 2 order by 3 desc, 1 limit 50`),
    db.execute(sql`select failures.severity as name, count(*)::int as n ${base} group by 1 order by 2 desc`),
    db.execute(sql`select ut.id, coalesce(ut.name, '') as name, count(*)::int as failures, count(distinct failures.unit_id)::int as units ${base} group by 1, 2 order by 3 desc`),
    // A detail is recurrent in a unit type when it shows up in two or more units of that type.
    db.execute(sql`select ut.id as unit_type_id, failures.place_name as place, failures.item_name as item, failures.detail_name as detail, count(*)::int as n, count(distinct failures.unit_id)::int as units
      ${base} group by 1, 2, 3, 4 having count(distinct failures.unit_id) > 1 order by 6 desc, 5 desc limit 100`),
  ]);
  const rec = rowsOf<{ unit_type_id: number; place: string; item: string; detail: string; n: number; units: number }>(recurring);
  return {
    by_place: rowsOf(byPlace), by_item: rowsOf(byItem), by_severity: rowsOf(bySeverity),
    recurrence_by_unit_type: rowsOf<{ id: number; name: string; failures: number; units: number }>(byType).map((r) => ({
      unit_type: { id: r.id, name: r.name }, failures: r.failures, units: r.units,
      failures_per_unit: r.units ? Math.round((r.failures / r.units) * 100) / 100 : 0,
      recurrent_details: rec.filter((d) => d.unit_type_id === r.id).slice(0, 10).map(({ unit_type_id: _u, ...d }) => d),
    })),
  };
}

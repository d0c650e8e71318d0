import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_RESPONSE_TIME_HOURS } from '#domain/sla';
import { TICKET_RESOLVED_STATES, TICKET_UNRESOLVED_STATES, TICKET_WORKING_STATES } from '#domain/tickets';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { sqlLiterals } from '../../../db/sql-literals.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { fullName } from '../../../db/staff.ts';
import { agentSql } from '../shared/people.ts';

/**
 * Seconds a ticket's clock was paused (postponed or waiting on the owner) between its creation and
 * `until`; overlapping pauses count once (range_agg merges them).
 */
export const pausedSeconds = (until: SQL) => sql`(
  select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0)::float8 from unnest(
    (select range_agg(tstzrange(p.started_at, coalesce(p.ended_at, now()))) from ticket_pauses p where p.ticket_id = tickets.id)
    * tstzmultirange(tstzrange(tickets.created_at, ${until}))) r)`;

/**
 * The response clock's overdue cut of domain/sla.ts (clockStatus) for the board and the response watch: unanswered,
 * in a working state, past the project's response time with the paused time taken out. Agents are exempt from the
 * response-time limit (docs/product.md §6), so their tickets are never overdue. Needs
 * `responsibleJoin` and project_settings as `s`.
 */
export const overdueSql = sql`(tickets.first_response_at is null and tickets.state in (${sqlLiterals(TICKET_WORKING_STATES)})
  and not coalesce(ra.is_agent, false)
  and extract(epoch from (now() - tickets.created_at)) - ${pausedSeconds(sql`now()`)} > coalesce(s.response_time_hours, ${sql.raw(String(DEFAULT_RESPONSE_TIME_HOURS))}) * 3600)`;

export const responsibleJoin = sql`left join lateral (
    select ${agentSql} as is_agent from users join profiles on profiles.id = users.profile_id where users.id = tickets.responsible_id
  ) ra on true`;

/**
 * dashboard/solicitudes (docs/product.md#dashboards): counts by state and priority, overdue against
 * the project's response time, and one lane per responsible with its open tickets. `where` is the
 * list's filter.
 */
export async function requestsBoard(db: DbOrTx, where: SQL, t: Translate) {
  const base = sql`from tickets left join project_settings s on s.project_id = tickets.project_id ${responsibleJoin} where ${where}`;
  // The counts need no joins: without them they are an index-only scan, not a join over every ticket.
  const counts = sql`from tickets where ${where}`;
  const [byState, byPriority, lanes, cards] = await Promise.all([
    db.execute(sql`select tickets.state, count(*)::int as n ${counts} group by tickets.state`),
    db.execute(
      sql`select tickets.priority, count(*)::int as n ${counts} and tickets.state in (${sqlLiterals(TICKET_UNRESOLVED_STATES)}) group by tickets.priority`,
    ),
    db.execute(sql`select tickets.responsible_id, count(*)::int as open,
        count(*) filter (where tickets.state = 'nueva')::int as nueva, count(*) filter (where tickets.state = 'abierta')::int as abierta,
        count(*) filter (where tickets.state = 'en_proceso')::int as en_proceso, count(*) filter (where tickets.state = 'postergada')::int as postergada,
        count(*) filter (where ${overdueSql})::int as overdue, bool_or(coalesce(ra.is_agent, false)) as is_agent
      ${base} and tickets.state in (${sqlLiterals(TICKET_UNRESOLVED_STATES)}) group by tickets.responsible_id`),
    db.execute(sql`select * from (
        select tickets.id, tickets.code, tickets.subject, tickets.state, tickets.priority, tickets.responsible_id, tickets.updated_at, ${overdueSql} as overdue,
          row_number() over (partition by tickets.responsible_id order by tickets.updated_at desc, tickets.id desc) as rn
        ${base} and tickets.state in (${sqlLiterals(TICKET_UNRESOLVED_STATES)})) x where x.rn <= 20`),
  ]);
  const laneRows = rowsOf<Record<string, number | null | boolean>>(lanes);
  const people = laneRows.length
    ? rowsOf<{ id: number; first_name: string; last_name: string; color: string | null }>(
        await db.execute(
          sql`select id, first_name, last_name, color from users where id in (${sql.join(
            laneRows.map((l) => sql`${l.responsible_id ?? -1}`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  const cardRows = rowsOf<{
    id: number;
    code: string;
    subject: string;
    state: string;
    priority: string;
    responsible_id: number | null;
    updated_at: string;
    overdue: boolean;
  }>(cards);
  const overdue = laneRows.reduce((n, l) => n + Number(l.overdue), 0);
  const open = laneRows.reduce((n, l) => n + Number(l.open), 0);
  return {
    by_state: Object.fromEntries(rowsOf<{ state: string; n: number }>(byState).map((r) => [r.state, r.n])),
    by_priority: Object.fromEntries(rowsOf<{ priority: string; n: number }>(byPriority).map((r) => [r.priority, r.n])),
    response: { open, overdue, on_time: open - overdue },
    lanes: laneRows
      .map((l) => {
        const who = people.find((p) => p.id === l.responsible_id);
        return {
          responsible: who
            ? {
                id: who.id,
                full_name: fullName({ firstName: who.first_name, lastName: who.last_name }),
                color: who.color,
                is_agent: Boolean(l.is_agent),
              }
            : { id: null, full_name: t('after_sales.dashboard.unassigned'), color: null, is_agent: false },
          open: l.open,
          overdue: l.overdue,
          by_state: { nueva: l.nueva, abierta: l.abierta, en_proceso: l.en_proceso, postergada: l.postergada },
          tickets: cardRows
            .filter((c) => c.responsible_id === l.responsible_id)
            .map((c) => ({
              id: c.id,
              code: c.code,
              subject: c.subject,
              state: c.state,
              priority: c.priority,
              overdue: c.overdue,
              updated_at: new Date(c.updated_at).toISOString(),
            })),
        };
      })
      .sort((a, b) => Number(b.open) - Number(a.open)),
  };
}

type Times = { count: number; avg_hours: number | null; median_hours: number | null };
const hours = (v: unknown) => (v === null || v === undefined ? null : Math.round((Number(v) / 3600) * 10) / 10);

/**
 * dashboard/eficiencia (docs/product.md#dashboards): response time (to the first public staff
 * answer) and resolution time per responsible and per project, the clock paused while postponed or
 * waiting on the owner. One statement: each ticket's times are computed once and aggregated for both
 * groupings (grouping sets), and the pause arithmetic runs only for the tickets that have pauses
 * (joined by hash, not a subquery per ticket). At 100,000 tickets this took 4.2 s on PostgreSQL as
 * two queries with four pause subqueries per ticket each (tests/bench/postventa.ts).
 */
export async function efficiency(db: DbOrTx, where: SQL) {
  const pausedUntil = (until: SQL) => sql`(select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0)::float8
    from unnest(m.ranges * tstzmultirange(tstzrange(m.created_at, ${until}))) r)`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    select g.*, case when g.by_project then pr.name else coalesce(u.first_name || ' ' || u.last_name, '') end as label from (
      select grouping(x.project_id) = 0 as by_project, x.responsible_id, x.project_id,
        count(x.response_s)::int as response_count, avg(x.response_s) as response_avg,
        percentile_cont(0.5) within group (order by x.response_s) as response_median,
        count(x.resolution_s)::int as resolution_count, avg(x.resolution_s) as resolution_avg,
        percentile_cont(0.5) within group (order by x.resolution_s) as resolution_median
      from (
        select tickets.responsible_id, tickets.project_id,
          extract(epoch from (tickets.first_response_at - tickets.created_at)) - coalesce(pz.response, 0) as response_s,
          case when tickets.state in (${sqlLiterals(TICKET_RESOLVED_STATES)})
            then extract(epoch from (tickets.resolved_at - tickets.created_at)) - coalesce(pz.resolution, 0) end as resolution_s
        from tickets left join (
          select m.id, ${pausedUntil(sql`m.first_response_at`)} as response, ${pausedUntil(sql`m.resolved_at`)} as resolution
          from (select tickets.id, tickets.created_at, tickets.first_response_at, tickets.resolved_at,
              range_agg(tstzrange(p.started_at, coalesce(p.ended_at, now()))) as ranges
            from ticket_pauses p join tickets on tickets.id = p.ticket_id where ${where} group by tickets.id) m
        ) pz on pz.id = tickets.id
        where ${where}
      ) x group by grouping sets ((x.responsible_id), (x.project_id))
    ) g left join users u on u.id = g.responsible_id left join projects pr on pr.id = g.project_id
    order by g.by_project, label`),
  );
  const shape = (r: Record<string, unknown>) => ({
    response: {
      count: Number(r.response_count),
      avg_hours: hours(r.response_avg),
      median_hours: hours(r.response_median),
    } satisfies Times,
    resolution: {
      count: Number(r.resolution_count),
      avg_hours: hours(r.resolution_avg),
      median_hours: hours(r.resolution_median),
    } satisfies Times,
  });
  return {
    by_responsible: rows
      .filter((r) => !r.by_project)
      .map((r) => ({
        responsible: r.responsible_id === null ? null : { id: Number(r.responsible_id), full_name: String(r.label) },
        ...shape(r),
      })),
    by_project: rows
      .filter((r) => r.by_project)
      .map((r) => ({ project: { id: Number(r.project_id), name: String(r.label) }, ...shape(r) })),
  };
}

type StatRow = {
  kind: string;
  unit_type_id: number | null;
  name: string | null;
  item: string | null;
  detail: string | null;
  category: string | null;
  n: number;
  units: number | null;
};

/**
 * estadisticas (docs/product.md#dashboards): failures by place, item and severity, and recurrence by
 * unit type. One scan of the failures: they are first counted per unit and detail (a few thousand
 * rows even for 400,000 failures), and every figure is taken from that. The five separate scans,
 * each joined to tickets, took 2.2 s on PostgreSQL at that volume (tests/bench/postventa.ts).
 */
export async function statistics(db: DbOrTx, where: SQL) {
  const rows = rowsOf<StatRow>(
    await db.execute(sql`
    with per_unit as (
      select failures.unit_id, failures.place_name, failures.item_name, failures.category, failures.detail_name, failures.severity, count(*)::int as n
      from failures where ${where} group by 1, 2, 3, 4, 5, 6),
    typed as (select un.unit_type_id, per_unit.* from per_unit join units un on un.id = per_unit.unit_id)
    select * from (select 'place' as kind, null::int as unit_type_id, place_name as name, null::text as item, null::text as detail, null::text as category,
        sum(n)::int as n, null::int as units, row_number() over (order by sum(n) desc, place_name) as pos from typed group by place_name) by_place where pos <= 50
    union all select * from (select 'item', null::int, item_name, null::text, null::text, category, sum(n)::int, null::int,
        row_number() over (order by sum(n) desc, item_name) as pos from typed group by item_name, category) by_item where pos <= 50
    union all select 'severity', null::int, severity, null::text, null::text, null::text, sum(n)::int, null::int, row_number() over (order by sum(n) desc)
        from typed group by severity
    union all select 'type', typed.unit_type_id, coalesce(ut.name, ''), null::text, null::text, null::text, sum(n)::int, count(distinct typed.unit_id)::int,
        row_number() over (order by sum(n) desc) from typed left join unit_types ut on ut.id = typed.unit_type_id group by 2, 3
    -- A detail is recurrent in a unit type when it shows up in two or more units of that type.
    union all select * from (select 'recurrent', unit_type_id, place_name, item_name, detail_name, null::text, sum(n)::int, count(distinct unit_id)::int,
        row_number() over (order by count(distinct unit_id) desc, sum(n) desc) as pos from typed group by 2, 3, 4, 5 having count(distinct unit_id) > 1) recurrent where pos <= 100
    order by kind, pos`),
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const rec = of('recurrent');
  return {
    by_place: of('place').map((r) => ({ name: r.name, n: r.n })),
    by_item: of('item').map((r) => ({ name: r.name, category: r.category, n: r.n })),
    by_severity: of('severity').map((r) => ({ name: r.name, n: r.n })),
    recurrence_by_unit_type: of('type').map((r) => ({
      unit_type: { id: r.unit_type_id, name: r.name ?? '' },
      failures: r.n,
      units: r.units ?? 0,
      failures_per_unit: r.units ? Math.round((r.n / r.units) * 100) / 100 : 0,
      recurrent_details: rec
        .filter((d) => d.unit_type_id === r.unit_type_id)
        .slice(0, 10)
        .map((d) => ({ place: d.name, item: d.item, detail: d.detail, n: d.n, units: d.units })),
    })),
  };
}

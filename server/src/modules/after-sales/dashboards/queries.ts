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
 * waiting on the owner. Each ticket's figures with the pauses taken out are stored on its row
 * (tickets.response_seconds / resolution_seconds, kept by the database's triggers on tickets and
 * ticket_pauses: docs/decisions.md D-290), so this is a plain aggregate of the filtered tickets, one
 * statement per grouping. At 100,000 tickets on PostgreSQL: 80 ms p50, 100 ms p95, 135 ms p99 on the
 * busy shared machine, where the statement that did the pause arithmetic per request (range_agg over
 * every ticket's pauses) took 355 / 426 / 504 ms in the same run (tests/bench/postventa.ts).
 */
export async function efficiency(db: DbOrTx, where: SQL) {
  // One statement per grouping, sent together: on PostgreSQL they run side by side, each an index-only scan of
  // tickets_clock_<grouping>_idx that hands the response figures to the median already in order.
  const grouped = (by: 'responsible_id' | 'project_id') => sql`
    select ${sql.raw(by === 'project_id' ? 'true' : 'false')} as by_project, g.*, ${
      by === 'project_id' ? sql`pr.name` : sql`coalesce(u.first_name || ' ' || u.last_name, '')`
    } as label from (
      select x.${sql.raw(by)},
        count(x.response_s)::int as response_count, avg(x.response_s) as response_avg,
        percentile_cont(0.5) within group (order by x.response_s) as response_median,
        count(x.resolution_s)::int as resolution_count, avg(x.resolution_s) as resolution_avg,
        percentile_cont(0.5) within group (order by x.resolution_s) as resolution_median
      from (
        select tickets.${sql.raw(by)}, tickets.response_seconds as response_s,
          case when tickets.state in (${sqlLiterals(TICKET_RESOLVED_STATES)}) then tickets.resolution_seconds end as resolution_s
        from tickets where ${where}
      ) x group by x.${sql.raw(by)}
    ) g ${by === 'project_id' ? sql`left join projects pr on pr.id = g.project_id` : sql`left join users u on u.id = g.responsible_id`}
    order by label`;
  const [byResponsible, byProject] = await Promise.all([
    db.execute(grouped('responsible_id')),
    db.execute(grouped('project_id')),
  ]);
  const rows = [...rowsOf<Record<string, unknown>>(byResponsible), ...rowsOf<Record<string, unknown>>(byProject)];
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

/** Whose failures estadisticas counts: the company's, in these projects, created in [from, to) when given. */
export type StatsFilter = { companyId: number; projectIds: number[]; from?: Date; to?: Date };

/**
 * estadisticas (docs/product.md#dashboards): failures by place, item and severity, and recurrence by
 * unit type. Every figure comes from the failures counted per unit and copied names (a few thousand
 * rows even for 400,000 failures). Over all time (the default) those counts are read from
 * failure_stats, kept by the database's triggers on failures (docs/decisions.md D-290): at 400,000
 * failures on PostgreSQL 35 ms p50, 80 ms p99, where grouping the failures per request took 183 ms
 * p50, 222 ms p99 in the same run (tests/bench/postventa.ts). A date range (today, week, month, custom)
 * groups the failures it holds, found by failures_project_idx.
 */
export async function statistics(db: DbOrTx, filter: StatsFilter) {
  const projects = filter.projectIds.length ? filter.projectIds : [-1];
  const inProjects = (column: SQL) =>
    sql`${column} in (${sql.join(
      projects.map((p) => sql`${p}`),
      sql`, `,
    )})`;
  const perUnit =
    filter.from || filter.to
      ? sql`select failures.unit_id, failures.place_name, failures.item_name, failures.category, failures.detail_name, failures.severity, count(*)::int as n
      from failures where failures.company_id = ${filter.companyId} and ${inProjects(sql`failures.project_id`)}
        ${filter.from ? sql`and failures.created_at >= ${filter.from}` : sql``} ${filter.to ? sql`and failures.created_at < ${filter.to}` : sql``}
      group by 1, 2, 3, 4, 5, 6`
      : sql`select s.unit_id, s.place_name, s.item_name, s.category, s.detail_name, s.severity, s.n from failure_stats s
      where s.company_id = ${filter.companyId} and ${inProjects(sql`s.project_id`)}`;
  const rows = rowsOf<StatRow>(
    await db.execute(sql`
    with per_unit as (${perUnit}),
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

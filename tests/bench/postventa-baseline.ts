/**
 * The statements dashboard/eficiencia and estadisticas sent before their figures were stored
 * (docs/decisions.md D-290), kept here so `npm run bench -- postventa` prints them beside today's
 * as the floor the stored figures are measured against: eficiencia took each ticket's pauses
 * (range_agg) per request, estadisticas grouped every failure per request. Same filter as the
 * supervisor's requests (the company, its projects, all time).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TICKET_RESOLVED_STATES } from '#domain/tickets';
import type { Db } from '../../server/src/db/client.ts';
import { failures, tickets } from '../../server/src/db/schema/index.ts';
import { sqlLiterals } from '../../server/src/db/sql-literals.ts';

export function oldEfficiency(db: Db, companyId: number, projectIds: number[]) {
  const where = and(eq(tickets.companyId, companyId), inArray(tickets.projectId, projectIds))!;
  const pausedUntil = (
    until: ReturnType<typeof sql>,
  ) => sql`(select coalesce(sum(extract(epoch from upper(r) - lower(r))), 0)::float8
    from unnest(m.ranges * tstzmultirange(tstzrange(m.created_at, ${until}))) r)`;
  return db.execute(sql`
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
    order by g.by_project, label`);
}

export function oldStatistics(db: Db, companyId: number, projectIds: number[]) {
  const where = and(eq(failures.companyId, companyId), inArray(failures.projectId, projectIds))!;
  return db.execute(sql`
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
    union all select * from (select 'recurrent', unit_type_id, place_name, item_name, detail_name, null::text, sum(n)::int, count(distinct unit_id)::int,
        row_number() over (order by count(distinct unit_id) desc, sum(n) desc) as pos from typed group by 2, 3, 4, 5 having count(distinct unit_id) > 1) recurrent where pos <= 100
    order by kind, pos`);
}

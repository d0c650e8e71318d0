/**
 * Bulk after-sales volume for `npm run bench -- postventa`: N tickets and M failures for the demo
 * company on top of the demo seed, written with `insert … select … from generate_series(…)` so it
 * takes seconds on PostgreSQL and a minute or two on PGlite. The same `setseed` makes both engines
 * hold the same data. Rows follow the demo seed's rules (seed-after-sales-tickets.ts): codes
 * `<project code>-<00042>`, numbers per project after the existing ones, failure states consistent
 * with their ticket's (docs/product.md §4), solved failures in an AC, guarantee from the item category's term.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../server/src/db/client.ts';
import { companies, profiles, users } from '../../server/src/db/schema/index.ts';
import { ticketSubjects } from '../../server/src/db/seed-after-sales-data.ts';
import { TICKET_UNRESOLVED_STATES } from '#domain/tickets';

const OPEN = `(${TICKET_UNRESOLVED_STATES.map((s) => `'${s}'`).join(', ')})`;

/** Weighted choice as a CASE over a uniform random column; weights are constants of this file. */
function pick(column: string, weights: [string, number][]): string {
  const total = weights.reduce((n, [, w]) => n + w, 0);
  let acc = 0;
  const arms = weights.slice(0, -1).map(([value, w]) => {
    acc += w;
    return `when ${column} < ${(acc / total).toFixed(6)} then '${value}'`;
  });
  return `(case ${arms.join(' ')} else '${weights[weights.length - 1][0]}' end)`;
}

// Ticket states by age: recent tickets are mostly being worked on, old ones mostly closed (~15% open overall).
const RECENT: [string, number][] = [
  ['nueva', 35],
  ['abierta', 30],
  ['en_proceso', 25],
  ['postergada', 3],
  ['resuelta', 4],
  ['finalizada', 2],
  ['no_aplica', 1],
];
const MONTHS: [string, number][] = [
  ['nueva', 5],
  ['abierta', 15],
  ['en_proceso', 30],
  ['postergada', 8],
  ['resuelta', 20],
  ['finalizada', 14],
  ['no_aplica', 4],
  ['fusionada', 4],
];
const OLD: [string, number][] = [
  ['nueva', 0.5],
  ['abierta', 1.5],
  ['en_proceso', 4],
  ['postergada', 3],
  ['resuelta', 40],
  ['finalizada', 41],
  ['no_aplica', 6],
  ['fusionada', 4],
];
const CLOSED_PROJECT: [string, number][] = [
  ['resuelta', 45],
  ['finalizada', 45],
  ['no_aplica', 6],
  ['fusionada', 4],
];
const PRIORITY: [string, number][] = [
  ['low', 20],
  ['medium', 45],
  ['high', 25],
  ['urgent', 10],
];
const ORIGIN: [string, number][] = [
  ['CALL', 22],
  ['EMAIL', 18],
  ['WEB', 20],
  ['PWA', 22],
  ['APP', 10],
  ['AE', 8],
];
/** Failure outcomes by position in the ticket, as the demo seed's failureStateFor. */
const FAILURE_STATE = `(case f.state
  when 'en_proceso' then (array['pendiente', 'falla', 'solucionada'])[1 + (f.k - 1) % 3]
  when 'resuelta' then (array['solucionada', 'cumple', 'solucionada_postventa'])[1 + (f.k - 1) % 3]
  when 'finalizada' then (array['solucionada', 'no_aplica', 'cumple'])[1 + (f.k - 1) % 3]
  when 'no_aplica' then 'no_aplica' else 'pendiente' end)`;
const TICKET_BATCH = 20_000;

export type SeedFigures = {
  ms: number;
  analyzeMs: number;
  tickets: number;
  failures: number;
  acs: number;
  pauses: number;
};

export async function seedPostventaVolume(
  db: Db,
  companyId: number,
  opts: { tickets: number; failures: number },
): Promise<SeedFigures> {
  const started = performance.now();
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  // Responsibles: the company's after-sales staff; agente and supervisor carry most tickets.
  const staff = (
    await db
      .select({ id: users.id, username: users.username, permissions: profiles.permissions })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(and(eq(users.companyId, companyId), eq(users.kind, 'staff')))
  ).filter((u) => u.permissions.includes('modulo_postventa'));
  if (!staff.length) throw new Error('the company has no after-sales staff');
  const idOf = (username: string) => staff.find((u) => u.username === username)?.id ?? staff[0].id;
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );

  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`create temp table bench_units on commit drop as
      select un.id as unit_id, un.project_id, un.tower_id, p.code as project_code, p.is_closed,
        coalesce(un.delivery_date, p.municipal_reception_date, current_date) as guarantee_start,
        (select min(uo.owner_id) from unit_owners uo where uo.unit_id = un.id) as owner_id,
        coalesce(un.unit_type_id, (select min(a.unit_type_id) from catalogue_areas a where a.company_id = ${companyId})) as catalogue_type_id,
        row_number() over (order by un.id)::int as rn
      from units un join projects p on p.id = un.project_id where un.company_id = ${companyId}`);
    await tx.execute(sql`create temp table bench_catalogue on commit drop as
      select a.unit_type_id, pl.id as place_id, pl.name as place_name, i.id as item_id, i.name as item_name, i.category,
        ft.id as type_id, ft.name as type_name, ft.severity, coalesce(wt.years, 3) as years,
        row_number() over (partition by a.unit_type_id order by ft.id)::int as rn, count(*) over (partition by a.unit_type_id)::int as n
      from catalogue_failure_types ft join catalogue_items i on i.id = ft.item_id join catalogue_places pl on pl.id = i.place_id
        join catalogue_areas a on a.id = pl.area_id
        left join warranty_terms wt on wt.company_id = ${companyId} and wt.country = ${company?.country ?? 'CL'} and wt.category = i.category
      where ft.company_id = ${companyId} and ft.disabled_at is null and i.disabled_at is null and pl.disabled_at is null and a.disabled_at is null`);
    const [{ n: unitCount }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bench_units`));
    if (!unitCount) throw new Error('the company has no units');

    // Stage 1: the random draws, materialized once so every later use of them agrees.
    await tx.execute(sql`create temp table bench_plan on commit drop as
      with g as materialized (
        select g, 1 + floor(random() * ${unitCount})::int as urn,
          now() - (1095 * power(random(), 1.15)) * interval '1 day' as created_at,
          random() as r_state, random() as r_prio, random() as r_origin, random() as r_resp, random() as r_who,
          random() as r_time, random() as r_first, random() as r_misc, random() as r_nfail, random() as r_subject
        from generate_series(1, ${opts.tickets}) g)
      select g.*, u.unit_id, u.project_id, u.tower_id, u.project_code, u.owner_id, u.guarantee_start, u.catalogue_type_id,
        ${sql.raw(`case when u.is_closed then ${pick('r_state', CLOSED_PROJECT)}
          when created_at > now() - interval '14 days' then ${pick('r_state', RECENT)}
          when created_at > now() - interval '90 days' then ${pick('r_state', MONTHS)}
          else ${pick('r_state', OLD)} end`)} as state,
        ${sql.raw(pick('r_prio', PRIORITY))} as priority, ${sql.raw(pick('r_origin', ORIGIN))} as origin,
        case when r_resp < 0.05 then null when r_resp < 0.40 then ${idOf('agente')} when r_resp < 0.70 then ${idOf('supervisor')}
          else (array[${list(staff.map((u) => u.id))}]::int[])[1 + floor(r_who * ${staff.length})::int] end as responsible_id,
        (array[${list(ticketSubjects)}]::text[])[1 + floor(r_subject * ${ticketSubjects.length})::int] as subject
      from g join bench_units u on u.rn = g.urn`);

    // Failures per ticket: none for merged ones (they moved to the survivor), one for "not applicable".
    const [mix] = rowsOf<{ eligible: number; single: number }>(
      await tx.execute(sql`select
      count(*) filter (where state not in ('fusionada', 'no_aplica'))::int as eligible, count(*) filter (where state = 'no_aplica')::int as single from bench_plan`),
    );
    const mean = mix.eligible ? Math.max(0, (opts.failures - mix.single) / mix.eligible) : 0;
    await tx.execute(sql`create temp table bench_rows on commit drop as
      with d as (select p.*, case when state in ${sql.raw(OPEN)} then created_at + r_time * (now() - created_at)
          else least(now(), created_at + r_time * interval '60 days') end as updated_at from bench_plan p),
        base as (select project_id, max(number) as n from tickets where company_id = ${companyId} group by project_id)
      select d.*, row_number() over (order by d.created_at, d.g)::int as seq,
        (coalesce(base.n, 0) + row_number() over (partition by d.project_id order by d.created_at, d.g))::int as number,
        case when state = 'nueva' then null else least(updated_at, created_at + (1 + r_first * 95) * interval '1 hour') end as first_response_at,
        case when state in ('finalizada', 'resuelta', 'no_aplica') then updated_at end as resolved_at,
        case when state = 'postergada' then (case when r_misc < 0.5 then 'abierta' else 'en_proceso' end) end as previous_state,
        case when state in ('finalizada', 'no_aplica') then 'Se verificó en terreno y se dio respuesta al propietario.' end as close_justification,
        case when state = 'fusionada' then 0 when state = 'no_aplica' then 1 else floor(1 + r_nfail * ${Math.max(0, 2 * mean - 1)})::int end as nfail
      from d left join base on base.project_id = d.project_id`);
    await adjustFailureCount(tx, opts.failures);

    const [{ first }] = rowsOf<{ first: number }>(
      await tx.execute(sql`select coalesce(max(id), 0) + 1 as first from tickets`),
    );
    for (let from = 0; from < opts.tickets; from += TICKET_BATCH) {
      await tx.execute(sql`insert into tickets (company_id, project_id, tower_id, unit_id, number, code, subject, applicant_owner_id, origin,
          responsible_id, priority, state, previous_state, close_justification, created_by, first_response_at, resolved_at, created_at, updated_at)
        select ${companyId}, project_id, tower_id, unit_id, number,
          project_code || '-' || (case when number < 100000 then lpad(number::text, 5, '0') else number::text end), subject, owner_id, origin,
          responsible_id, priority, state, previous_state, close_justification, responsible_id, first_response_at, resolved_at, created_at, updated_at
        from bench_rows where seq > ${from} and seq <= ${from + TICKET_BATCH} order by seq`);
    }
    await seedTicketExtras(tx, companyId, Number(first));
    for (let from = 0; from < opts.tickets; from += TICKET_BATCH)
      await insertFailures(tx, companyId, from, from + TICKET_BATCH);
    await tx.execute(sql`insert into warranty_counters (project_id, kind, value)
        select project_id, 'ticket', max(number) from tickets where company_id = ${companyId} group by project_id
        union all select project_id, 'AC', max(number) from acs where company_id = ${companyId} group by project_id
      on conflict (project_id, kind) do update set value = greatest(warranty_counters.value, excluded.value)`);
  });
  const inserted = performance.now();
  // Fresh planner statistics and visibility map, as a production database would have after autovacuum.
  await db.execute(sql`vacuum (analyze) tickets, failures, acs, ticket_pauses`);
  const counts = rowsOf<{ tickets: number; failures: number; acs: number; pauses: number }>(
    await db.execute(sql`select
    (select count(*) from tickets where company_id = ${companyId})::int as tickets, (select count(*) from failures where company_id = ${companyId})::int as failures,
    (select count(*) from acs where company_id = ${companyId})::int as acs, (select count(*) from ticket_pauses where company_id = ${companyId})::int as pauses`),
  )[0];
  return { ms: performance.now() - started, analyzeMs: performance.now() - inserted, ...counts };
}

/** Nudges failure counts one by one until their sum is exactly the requested total. */
async function adjustFailureCount(tx: Tx, target: number) {
  for (let pass = 0; pass < 50; pass++) {
    const [{ total }] = rowsOf<{ total: number }>(
      await tx.execute(sql`select coalesce(sum(nfail), 0)::int as total from bench_rows`),
    );
    const diff = target - Number(total);
    if (diff === 0) return;
    const step = diff > 0 ? 1 : -1;
    await tx.execute(sql`update bench_rows set nfail = nfail + ${step} where g in (
      select g from bench_rows where state not in ('fusionada', 'no_aplica') and (${step} > 0 or nfail > 0) order by r_misc limit ${Math.abs(diff)})`);
  }
  throw new Error(`could not spread ${target} failures over the tickets`);
}

/** ACs (one per ticket with a solved failure), merge targets and clock pauses of the new tickets. */
async function seedTicketExtras(tx: Tx, companyId: number, firstId: number) {
  await tx.execute(sql`insert into acs (company_id, project_id, ticket_id, number, code, state, reply, replied_at, replied_by, created_by, created_at, updated_at)
    select ${companyId}, project_id, ticket_id, n, 'AC-' || project_code || n, case when state = 'en_proceso' then 'pendiente' else 'conforme' end,
      case when state = 'en_proceso' then null else 'El propietario firma conforme la reparación.' end,
      case when state = 'en_proceso' then null else at end, case when state = 'en_proceso' then null else responsible_id end, responsible_id, at, at
    from (select b.project_id, b.project_code, b.state, b.responsible_id, t.id as ticket_id,
        case when b.state = 'en_proceso' then b.created_at + (b.updated_at - b.created_at) / 2 else b.updated_at end as at,
        (coalesce(base.n, 0) + row_number() over (partition by b.project_id order by b.seq))::int as n
      from bench_rows b join tickets t on t.project_id = b.project_id and t.number = b.number
        left join (select project_id, max(number) as n from acs where company_id = ${companyId} group by project_id) base on base.project_id = b.project_id
      where (b.state in ('resuelta', 'finalizada') and b.nfail >= 1) or (b.state = 'en_proceso' and b.nfail >= 3)) x`);
  await tx.execute(sql`update tickets t set merged_into_id = (select t2.id from tickets t2
      where t2.company_id = ${companyId} and t2.unit_id = t.unit_id and t2.state <> 'fusionada' and t2.id > t.id order by t2.id limit 1)
    where t.company_id = ${companyId} and t.id >= ${firstId} and t.state = 'fusionada'`);
  // Postponed tickets have an open pause; a quarter of the resolved ones waited on the owner for a while.
  await tx.execute(sql`insert into ticket_pauses (company_id, ticket_id, reason, started_at, ended_at)
    select ${companyId}::int, id, 'postergada', updated_at, null::timestamptz from tickets where company_id = ${companyId} and id >= ${firstId} and state = 'postergada'
    union all
    select ${companyId}::int, id, 'espera_propietario', created_at + (resolved_at - created_at) * 0.1, created_at + (resolved_at - created_at) * (0.15 + random() * 0.3)
      from tickets where company_id = ${companyId} and id >= ${firstId} and resolved_at is not null and random() < 0.25`);
}

/** Failures of the tickets with seq in (from, to]: catalogue entries of the unit's type, states from the ticket's. */
async function insertFailures(tx: Tx, companyId: number, from: number, to: number) {
  const state: SQL = sql.raw(FAILURE_STATE);
  await tx.execute(sql`insert into failures (company_id, project_id, ticket_id, unit_id, place_id, item_id, failure_type_id, place_name, item_name,
      detail_name, category, description, batch, severity, state, guarantee_years, guarantee_start, guarantee_end, marked_to_owner_at, ac_id,
      created_by, created_at, updated_at)
    with f as materialized (
      select b.*, t.id as ticket_id, k, random() as r_cat, random() as r_mark, random() as r_later
      from bench_rows b join tickets t on t.project_id = b.project_id and t.number = b.number
        cross join lateral generate_series(1, b.nfail) k
      where b.seq > ${from} and b.seq <= ${to}),
    fs as (select f.*, ${state} as fstate, 1 + floor(f.r_cat * (select max(n) from bench_catalogue c where c.unit_type_id = f.catalogue_type_id))::int as crn from f)
    select ${companyId}, fs.project_id, fs.ticket_id, fs.unit_id, c.place_id, c.item_id, c.type_id, c.place_name, c.item_name, c.type_name, c.category,
      case when fs.k = 1 then 'Observado por el propietario y confirmado en visita.' else '' end, case when fs.k > 3 then 2 else 1 end,
      c.severity, fs.fstate, c.years, fs.guarantee_start, (fs.guarantee_start + make_interval(years => c.years))::date,
      case when fs.state = 'abierta' and fs.k = 1 and fs.r_mark < 0.3 then fs.updated_at end,
      case when fs.fstate = 'solucionada' then a.id end, fs.responsible_id,
      case when fs.k > 3 then fs.created_at + (fs.updated_at - fs.created_at) * fs.r_later else fs.created_at end, fs.updated_at
    from fs join bench_catalogue c on c.unit_type_id = fs.catalogue_type_id and c.rn = fs.crn
      left join acs a on a.company_id = ${companyId} and a.ticket_id = fs.ticket_id`);
}

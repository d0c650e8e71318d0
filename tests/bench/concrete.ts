/**
 * `npm run bench -- concrete [--placements 100000] [--elements 20000] [--advance-placements 5000] [--runs 50]`
 *
 * The Concrete (Hormigón) module at volume, on the demo company (server/src/test-support.ts createTestContext:
 * in-memory PGlite, or a fresh database on DATABASE_URL's server, dropped at the end):
 *
 * 1. GET hormigon/vaciados (server/src/modules/concrete/placements/rows.ts listPlacements) on one project of
 *    `placements` placements — a Concrete BIM model, batches of 50, two elements, a guide and a sample each as their
 *    state implies — by default sort, by state, by search and on the last page, through the real app in process
 *    (`app.request`, cookie session), beside listPlacements called directly (no HTTP) and beside the bare SQL it
 *    runs: its driver calls recorded once (tests/bench/postventa-replay.ts) and replayed on the driver.
 * 2. GET hormigon/proyectos/:projectId/avance (server/src/modules/concrete/advance/advance.ts) on another project
 *    whose model has `elements` elements and `advance-placements` placements holding three quarters of them, with the
 *    answer's size, beside the replay of all its SQL and of its main query (the live placements with their element
 *    and batch).
 * 3. The client's colouring step on that answer (client/src/modules/concrete/advance/advance-colors.ts): the colour
 *    map of every element and the GlobalId → placement map, as advance-page.tsx builds them.
 *
 * Prints p50/p99, rows and memory; asserts nothing about time (docs/architecture.md §7). The frame colouring in
 * Chromium is not measured here: the viewer's harness (tests/e2e/bim-viewer.page.tsx) takes its colours in the URL.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { CONCRETE_SETTINGS_DEFAULTS } from '#domain/concrete';
import type { Advance } from '#domain/concrete-placements-responses';
import { placementListQuerySchema } from '#domain/schemas/concrete';
import { advanceColorMap, placementByElement } from '../../client/src/modules/concrete/advance/advance-colors.ts';
import { loadUser } from '../../server/src/auth/session.ts';
import { rowsOf } from '../../server/src/db/client.ts';
import {
  concreteCompanies,
  concreteElements,
  concreteLaboratories,
  concreteSettings,
  concreteTypes,
  users,
} from '../../server/src/db/schema/index.ts';
import type { SessionUser } from '../../server/src/http/context.ts';
import { advanceOf } from '../../server/src/modules/concrete/advance/advance.ts';
import { listPlacements } from '../../server/src/modules/concrete/placements/rows.ts';
import { concreteModelWithElements } from '../../server/src/modules/concrete/test/fixtures.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { fmtMb, fmtMs, parseIntOptions, printTable, timeRuns, type Summary } from '../load/stats.ts';
import { record, replay, type Recording } from './postventa-replay.ts';

/** Rows per bulk insert (generate_series ranges), so no statement holds the whole table. */
const CHUNK = 20_000;
/** Placements per batch. */
const PER_BATCH = 50;

/** The GlobalId of element `n` of a model seeded here (22 characters, like an IFC GlobalId). */
const globalIdOf = (prefix: string, n: number) => createHash('md5').update(`${prefix}${n}`).digest('hex').slice(0, 22);
const globalIdSql = (prefix: string, n: ReturnType<typeof sql>) => sql`substr(md5(${prefix} || ${n}), 1, 22)`;

type Catalogue = { adminId: number; elements: number[]; companies: number[]; types: number[]; lab: number };

/** The company's Concrete configuration (the demo's catalogues) and its settings row. */
async function configuration(ctx: TestContext): Promise<Catalogue> {
  const companyId = ctx.seed.companyId;
  const d = CONCRETE_SETTINGS_DEFAULTS;
  await ctx.db
    .insert(concreteSettings)
    .values({
      companyId,
      truckM3Max: d.truck_m3_max,
      placementM3Max: d.placement_m3_max,
      m3TolerancePct: d.m3_tolerance_pct,
      batchM3Max: d.batch_m3_max,
      batchDaysMax: d.batch_days_max,
      acceptanceAgeDays: d.acceptance_age_days,
      acceptanceConsecutive: d.acceptance_consecutive,
      meanMarginMpa: d.mean_margin_mpa,
      singleMarginMpa: d.single_margin_mpa,
    })
    .onConflictDoNothing();
  const [[admin], elements, companies, types, [lab]] = await Promise.all([
    ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')),
    ctx.db.select({ id: concreteElements.id }).from(concreteElements).where(eq(concreteElements.companyId, companyId)),
    ctx.db
      .select({ id: concreteCompanies.id, homologated: concreteCompanies.homologated })
      .from(concreteCompanies)
      .where(eq(concreteCompanies.companyId, companyId)),
    ctx.db.select({ id: concreteTypes.id }).from(concreteTypes).where(eq(concreteTypes.companyId, companyId)),
    ctx.db
      .select({ id: concreteLaboratories.id })
      .from(concreteLaboratories)
      .where(eq(concreteLaboratories.companyId, companyId))
      .limit(1),
  ]);
  return {
    adminId: admin.id,
    elements: elements.map((e) => e.id),
    companies: companies.filter((c) => c.homologated).map((c) => c.id),
    types: types.map((t) => t.id),
    lab: lab.id,
  };
}

/** `count` chunks of [from, to] over 1..total. */
const chunks = (total: number) =>
  Array.from({ length: Math.ceil(total / CHUNK) }, (_, i) => [i * CHUNK + 1, Math.min(total, (i + 1) * CHUNK)]);
const intArray = (ids: number[]) => sql.raw(`'{${ids.join(',')}}'::int[]`);

/**
 * `count` placements of `projectId` in batches of 50 (the last two open, every seventh non-conforming, the others
 * conforming): by number, 20 % programado, 10 % vaciado, 15 % muestreado, 50 % ensayado and 5 % anulado; one guide
 * per poured placement and one sample per sampled one (with its 28-day result when tested).
 */
async function seedPlacements(ctx: TestContext, cat: Catalogue, projectId: number, count: number) {
  const companyId = ctx.seed.companyId;
  const d = CONCRETE_SETTINGS_DEFAULTS;
  const batches = Math.ceil(count / PER_BATCH);
  await ctx.db.execute(sql`
    insert into concrete_batches (company_id, project_id, number, concrete_type_id, state, opened_on, m3_max, days_max,
                                  closed_at, evaluated_at)
    select ${companyId}, ${projectId}, b, (${intArray(cat.types)})[1 + b % ${cat.types.length}],
           case when b > ${batches} - 2 then 'abierto' when b % 7 = 0 then 'no_conforme' else 'conforme' end,
           date '2020-01-01' + b, ${d.batch_m3_max}, ${d.batch_days_max},
           case when b > ${batches} - 2 then null else now() end, case when b > ${batches} - 2 then null else now() end
      from generate_series(1, ${batches}) b`);
  const state = sql`(array['programado','programado','programado','programado','vaciado','vaciado','muestreado',
    'muestreado','muestreado','ensayado','ensayado','ensayado','ensayado','ensayado','ensayado','ensayado','ensayado',
    'ensayado','ensayado','anulado'])[1 + g % 20]`;
  for (const [from, to] of chunks(count)) {
    await ctx.db.execute(sql`
      insert into concrete_placements (company_id, project_id, number, state, element_id, m3, location, unit,
                                       zone_cycle, axis_1, axis_2, axis_3, axis_4, concrete_company_id,
                                       concrete_type_id, scheduled_on, poured_on, batch_id, notes, created_by,
                                       updated_at)
      select ${companyId}, ${projectId}, g, s.state, (${intArray(cat.elements)})[1 + g % ${cat.elements.length}],
             4 + g % 17, 'Piso ' || (1 + g % 40), 'Torre ' || chr(65 + g % 4), 'Ciclo ' || (1 + g % 12),
             chr(65 + g % 8), chr(66 + g % 8), (1 + g % 9)::text, (2 + g % 9)::text,
             (${intArray(cat.companies)})[1 + g % ${cat.companies.length}], b.concrete_type_id,
             date '2020-01-01' + (g - 1) / 40,
             case when s.state in ('programado', 'anulado') then null else date '2020-01-01' + (g - 1) / 40 end,
             case when s.state in ('programado', 'anulado') then null else b.id end,
             null, ${cat.adminId}, now() - make_interval(secs => g)
        from generate_series(${from}::int, ${to}::int) g
             cross join lateral (select ${state} as state) s
             join concrete_batches b on b.project_id = ${projectId} and b.number = 1 + (g - 1) / ${PER_BATCH}`);
  }
  for (const [from, to] of chunks(count)) {
    await ctx.db.execute(sql`
      insert into concrete_dispatch_guides (company_id, placement_id, number, truck, m3, arrived_at, position)
      select ${companyId}, p.id, 'GD-' || p.number, 'KDJT-' || (p.number % 90 + 10), p.m3, '08:40:00', 0
        from concrete_placements p
       where p.project_id = ${projectId} and p.number between ${from} and ${to}
         and p.state in ('vaciado', 'muestreado', 'ensayado')`);
    await ctx.db.execute(sql`
      insert into concrete_samples (company_id, placement_id, code, taken_on, specimens, laboratory_id, early_mpa,
                                    acceptance_mpa)
      select ${companyId}, p.id, 'M-' || p.number, p.poured_on, 3, ${cat.lab}, 18 + p.number % 5,
             case when p.state = 'ensayado' then 24 + p.number % 8 end
        from concrete_placements p
       where p.project_id = ${projectId} and p.number between ${from} and ${to}
         and p.state in ('muestreado', 'ensayado')`);
  }
}

/** Links placement number `n` of `projectId` to `perPlacement` GlobalIds: elements (n-1)·k+1 … n·k of `prefix`. */
async function linkElements(ctx: TestContext, projectId: number, count: number, perPlacement: number, prefix: string) {
  for (const [from, to] of chunks(count)) {
    await ctx.db.execute(sql`
      insert into concrete_placement_elements (placement_id, project_id, global_id, released)
      select p.id, ${projectId}, ${globalIdSql(prefix, sql`(p.number - 1) * ${perPlacement} + i`)},
             p.state = 'anulado'
        from concrete_placements p cross join generate_series(1, ${perPlacement}) i
       where p.project_id = ${projectId} and p.number between ${from} and ${to}`);
  }
}

/** A processed Concrete model of `projectId` with `count` elements (the fixture's rows, the rest set-based). */
async function seedModel(ctx: TestContext, cat: Catalogue, projectId: number, count: number, prefix: string) {
  const companyId = ctx.seed.companyId;
  const model = await concreteModelWithElements(ctx, {
    companyId,
    projectId,
    userId: cat.adminId,
    marker: `bench-${prefix}`,
    globalIds: [globalIdOf(prefix, 1)],
  });
  const [{ fileId }] = rowsOf<{ fileId: number }>(
    await ctx.db.execute(sql`select id as "fileId" from bim_model_files where model_id = ${model.id}`),
  );
  for (const [from, to] of chunks(count)) {
    await ctx.db.execute(sql`
      insert into bim_elements (company_id, model_id, model_file_id, express_id, global_id, ifc_class, name, storey)
      select ${companyId}, ${model.id}, ${fileId}, 99 + g, ${globalIdSql(prefix, sql`g`)},
             case when g % 5 = 0 then 'IfcSlab' when g % 5 = 1 then 'IfcColumn' else 'IfcWall' end,
             'Elemento ' || g, 'Piso ' || (1 + g % 40)
        from generate_series(greatest(2, ${from}::int), ${to}::int) g`);
  }
  return model;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text);
/** A recording of the one call whose SQL matches. */
function onlyCall(recording: Recording, match: (text: string) => boolean): Recording {
  const calls = recording.waves.flat().filter((args) => match(textOf(args)));
  if (calls.length !== 1) throw new Error(`expected one matching query, found ${calls.length}`);
  return { waves: [calls], queries: 1, rows: [] };
}
const ratio = (a: Summary, b: Summary) => `${(a.p50 / b.p50).toFixed(1)}×`;

export async function run(args: string[] = []): Promise<void> {
  const opts = parseIntOptions(args, { placements: 100_000, elements: 20_000, 'advance-placements': 5_000, runs: 50 });
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  const ctx = await createTestContext();
  try {
    const kind = ctx.deps.database.kind;
    const [, listProject, advanceProject] = ctx.seed.projectIds;
    if (advanceProject === undefined) throw new Error('the demo seed has fewer than three projects');
    const cat = await configuration(ctx);

    // ── Seed ────────────────────────────────────────────────────────────────────────────────────────────
    let started = performance.now();
    await seedModel(ctx, cat, listProject, 2, 'list');
    await seedPlacements(ctx, cat, listProject, opts.placements);
    await linkElements(ctx, listProject, opts.placements, 2, 'list-p');
    console.log(`${kind}: seeded ${opts.placements} placements (project ${listProject}) in ${seconds(started)}`);
    started = performance.now();
    const advancePlacements = opts['advance-placements'];
    const perPlacement = Math.max(1, Math.floor((opts.elements * 0.75) / advancePlacements));
    await seedModel(ctx, cat, advanceProject, opts.elements, 'adv');
    await seedPlacements(ctx, cat, advanceProject, advancePlacements);
    await linkElements(ctx, advanceProject, advancePlacements, perPlacement, 'adv');
    await ctx.db.execute(sql`analyze`);
    console.log(
      `${kind}: seeded ${opts.elements} model elements and ${advancePlacements} placements of ${perPlacement} ` +
        `elements each (project ${advanceProject}) and analyzed in ${seconds(started)}`,
    );
    const [sizes] = rowsOf<Record<string, number>>(
      await ctx.db.execute(sql`
        select (select count(*) from concrete_placements)::int as placements,
               (select count(*) from concrete_placement_elements)::int as links,
               (select count(*) from concrete_dispatch_guides)::int as guides,
               (select count(*) from concrete_samples)::int as samples,
               (select count(*) from concrete_batches)::int as batches,
               (select count(*) from bim_elements)::int as bim_elements,
               pg_total_relation_size('concrete_placements')::float8 as placements_bytes,
               pg_database_size(current_database())::float8 as db_bytes`),
    );
    console.log(
      `${kind}: rows — ${sizes.placements} placements, ${sizes.links} placement elements, ${sizes.guides} guides, ` +
        `${sizes.samples} samples, ${sizes.batches} batches, ${sizes.bim_elements} BIM elements; ` +
        `concrete_placements ${fmtMb(sizes.placements_bytes)} with indexes, database ${fmtMb(sizes.db_bytes)}; ` +
        `node RSS ${fmtMb(process.memoryUsage().rss)}`,
    );

    const cookie = await ctx.login('admin');
    const user = (await loadUser(ctx.db, cat.adminId, 'bench')) as SessionUser;
    const get = async (path: string) => {
      const res = await ctx.request('GET', `hormigon/${path}`, { cookie });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    };

    // ── 1. The placements list ──────────────────────────────────────────────────────────────────────────
    const lastPage = Math.ceil(opts.placements / 50);
    const cases: { label: string; query: Record<string, string> }[] = [
      { label: 'default sort (scheduled_on desc)', query: {} },
      { label: 'state=muestreado', query: { state: 'muestreado' } },
      { label: 'search=Piso 17', query: { search: 'Piso 17' } },
      { label: `last page (${lastPage})`, query: { page: String(lastPage) } },
    ];
    const list = [['case', 'total', 'rows', 'sql', 'app p50', 'app p99', 'fn p50', 'fn p99', 'SQL p50', 'SQL p99']];
    const listRatios: string[] = [];
    for (const c of cases) {
      const params = { project_id: String(listProject), page: '1', rows: '50', ...c.query };
      const path = `vaciados?${new URLSearchParams(params).toString()}`;
      const q = placementListQuerySchema.parse(params);
      const { result, recording } = await record(ctx.db, () => listPlacements(ctx.db, user, q));
      const app = await timeRuns(opts.runs, () => get(path));
      const fn = await timeRuns(opts.runs, () => listPlacements(ctx.db, user, q));
      const bare = await timeRuns(opts.runs, () => replay(ctx.db, recording));
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      list.push([
        c.label,
        String(result.total),
        String(result.data.length),
        String(recording.queries),
        fmtMs(app.p50),
        fmtMs(app.p99),
        fmtMs(fn.p50),
        fmtMs(fn.p99),
        fmtMs(bare.p50),
        fmtMs(bare.p99),
      ]);
      listRatios.push(`${c.label}: app/SQL ${ratio(app, bare)}, app/fn ${ratio(app, fn)}`);
    }
    console.log(
      `\n${kind}: GET hormigon/vaciados, ${opts.placements} placements in the project, page of 50, ${opts.runs} runs ` +
        `each, ms (app = through the app in process; fn = listPlacements called directly; SQL = its driver calls ` +
        `replayed; sql = statements per request)\n`,
    );
    printTable(list);
    console.log(`\n${listRatios.join('\n')}`);

    // ── 2. The advance ──────────────────────────────────────────────────────────────────────────────────
    const advancePath = `proyectos/${advanceProject}/avance`;
    const answer = await get(advancePath);
    const advance = answer.json as Advance;
    const { recording: advanceSql } = await record(ctx.db, () => advanceOf(ctx.db, user, advanceProject));
    const mainQuery = onlyCall(
      advanceSql,
      (t) => /from "concrete_placements"/.test(t) && /"concrete_elements"/.test(t),
    );
    const mainRows = advanceSql.rows[advanceSql.waves.flat().findIndex((a) => a === mainQuery.waves[0][0])];
    const app = await timeRuns(opts.runs, () => get(advancePath));
    const fn = await timeRuns(opts.runs, () => advanceOf(ctx.db, user, advanceProject));
    const all = await timeRuns(opts.runs, () => replay(ctx.db, advanceSql));
    const main = await timeRuns(opts.runs, () => replay(ctx.db, mainQuery));
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const bytes = Buffer.byteLength(answer.text);
    const placed = advance.placements.reduce((n, p) => n + p.global_ids.length, 0);
    console.log(
      `\n${kind}: GET hormigon/proyectos/:id/avance, ${advance.element_total} model elements, ` +
        `${advance.placements.length} live placements holding ${placed} elements; answer ${bytes} bytes ` +
        `(${gzipSync(answer.text).length} gzipped); ${advanceSql.queries} statements, main query ${mainRows} rows; ` +
        `${opts.runs} runs each, ms\n`,
    );
    printTable([
      ['measure', 'p50', 'p99', 'app/this p50'],
      ['app (GET through the app)', fmtMs(app.p50), fmtMs(app.p99), '1.0×'],
      ['advanceOf called directly', fmtMs(fn.p50), fmtMs(fn.p99), ratio(app, fn)],
      ['all its SQL, replayed', fmtMs(all.p50), fmtMs(all.p99), ratio(app, all)],
      ['main query (live placements), replayed', fmtMs(main.p50), fmtMs(main.p99), ratio(app, main)],
    ]);

    // ── 3. The client's colouring step ──────────────────────────────────────────────────────────────────
    const modelIds = Array.from({ length: opts.elements }, (_, i) => globalIdOf('adv', i + 1));
    let coloured = 0;
    let held = 0;
    const colorAll = await timeRuns(opts.runs, async () => {
      coloured = advanceColorMap(advance.placements, null, modelIds).size;
    });
    const colorOne = await timeRuns(opts.runs, async () => {
      advanceColorMap(advance.placements, 'conforme', modelIds);
    });
    const byElement = await timeRuns(opts.runs, async () => {
      held = placementByElement(advance.placements).size;
    });
    console.log(
      `\nclient colouring (advance-colors.ts) of ${advance.placements.length} placements × ${modelIds.length} ` +
        `GlobalIds, ${opts.runs} runs each, ms\n`,
    );
    printTable([
      ['step', 'entries', 'p50', 'p99'],
      ['advanceColorMap(placements, null, all ids)', String(coloured), fmtMs(colorAll.p50), fmtMs(colorAll.p99)],
      ["advanceColorMap(placements, 'conforme', all ids)", '', fmtMs(colorOne.p50), fmtMs(colorOne.p99)],
      ['placementByElement(placements)', String(held), fmtMs(byElement.p50), fmtMs(byElement.p99)],
    ]);

    const mem = process.memoryUsage();
    peakRss = Math.max(peakRss, mem.rss);
    console.log(
      `\n${kind}: node RSS at start ${fmtMb(startRss)}, now ${fmtMb(mem.rss)}, peak ${fmtMb(peakRss)}; heap used ` +
        `${fmtMb(mem.heapUsed)}` +
        (kind === 'postgres' ? ' (PostgreSQL runs in its own processes)' : ' (PGlite runs inside this process)'),
    );
  } finally {
    clearInterval(sampler);
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

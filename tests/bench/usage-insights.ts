/**
 * `npm run bench -- usage-insights [--users 500] [--days 365] [--keys 12] [--runs 20] [--events 1000000]`
 *
 * Usage insights (server/src/modules/ocinsights/) at a year of use: `--users` staff users of the demo company, each
 * active on a share of the days that depends on the user (a few daily, most now and then), `--keys` screens and
 * actions a day with counts of 1–40, written with generate_series — usage_counts and usage_user_days standing for
 * some 20 million raw events (the sum of the counts is printed). Then each usage screen's route (GET
 * ocinsights/uso/activos, modulos, adopcion, sin-ingreso) through the real app in-process (cookie session, seeded
 * in-memory PGlite, or DATABASE_URL's server), for the 365-day preset, and the 30-day preset with and without a
 * project: p50/p99 and the rows each answer lists. Last, the meter itself: `--events` events recorded in memory
 * (the middleware's cost per request without its HTTP), and the flush that writes them. Prints figures, asserts
 * nothing about time (docs/architecture.md §7).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/client.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { flushUsage } from '../../server/src/modules/ocinsights/service.ts';
import { meterOf } from '../../server/src/modules/ocinsights/usage/flush.ts';
import { usageDay } from '../../server/src/modules/ocinsights/usage/today.ts';
import { fmtMs, parseIntOptions, printTable, timeRuns } from '../load/stats.ts';

/** What a year of use is made of: route names of client/src/shared/route-manifest.ts and action templates. */
const NAMES: [module: string, kind: 'screen' | 'action', name: string][] = [
  ...[
    'warranties.solicitudes',
    'warranties.solicitud.actividad',
    'warranties.solicitud.fallas',
    'warranties.dashboard.solicitudes',
    'warranties.dashboard.eficiencia',
    'warranties.agenda',
    'warranties.fichas',
    'warranties.ficha.propietarios',
    'warranties.estadisticas',
    'quality.gantt',
    'quality.bim',
    'quality.construction-progress.list',
    'concrete.placements.list',
    'concrete.advanceBim',
    'verifications.gantt',
    'verifications.recepcion',
    'cbox.folders',
    'cmanagement.tickets.list',
    'cmanagement.ticket.general',
    'cmanagement.schedule',
    'config.usuarios',
    'config.permisos',
    'home.proyectos',
    'home.tareas',
    'ocinsights.usabilidad',
    'billing',
  ].map((name): [string, 'screen', string] => [name.split('.')[0], 'screen', name]),
  ['warranties', 'action', 'POST /postventa/solicitudes'],
  ['warranties', 'action', 'PATCH /postventa/solicitudes/:id'],
  ['warranties', 'action', 'POST /postventa/solicitudes/:id/mensajes'],
  ['warranties', 'action', 'POST /postventa/solicitudes/:id/cerrar'],
  ['warranties', 'action', 'PUT /entregas/fichas/:unitId/revision'],
  ['warranties', 'action', 'POST /entregas/fichas/:unitId/entregar'],
  ['quality', 'action', 'PATCH /calidad/modelos/:modelId'],
  ['concrete', 'action', 'POST /hormigon/hormigonados'],
  ['verifications', 'action', 'PUT /verificaciones/recepciones/:receptionId/puntos/:itemId'],
  ['cbox', 'action', 'POST /biblioteca/carpetas/:folderId/archivos'],
  ['cmanagement', 'action', 'PATCH /cmanagement/tickets/:cmTicketId'],
  ['config', 'action', 'PATCH /configuracion/usuarios/:userId'],
];

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** `users` staff users over five profiles, a third of them assigned to two projects, the rest seeing every project. */
async function seedUsers(ctx: TestContext, users: number) {
  const companyId = ctx.seed.companyId;
  await ctx.db.execute(sql`
    insert into profiles (company_id, name, permissions)
    select ${companyId}::int, 'Perfil ' || g, case when g = 1 then '[]'::jsonb else '["todos_los_proyectos"]'::jsonb end
      from generate_series(1, 5) g`);
  await ctx.db.execute(sql`
    insert into users (company_id, username, first_name, last_name, password_hash, profile_id, last_sign_in_at)
    select ${companyId}::int, 'bench' || g, 'Usuario', 'Bench ' || g, 'x',
           (select id from profiles where company_id = ${companyId}::int and name = 'Perfil ' || (1 + g % 5)),
           case when g % 25 = 0 then null else now() end
      from generate_series(1, ${users}::int) g`);
  const projects = `{${ctx.seed.projectIds.join(',')}}`;
  await ctx.db.execute(sql`
    insert into user_projects (user_id, project_id, company_id)
    select u.id, (${projects}::int[])[1 + (u.id + k) % ${ctx.seed.projectIds.length}::int], ${companyId}::int
      from users u cross join generate_series(0, 1) k
     where u.company_id = ${companyId}::int and u.username like 'bench%'
       and u.profile_id = (select id from profiles where company_id = ${companyId}::int and name = 'Perfil 1')`);
}

/**
 * A year of use in two statements: usage_counts from the active user-days (each bench user active on a share of days
 * from 2 % to 98 %, fixed by its id) × `keys` distinct names, then usage_user_days as their sums per project.
 */
async function seedUsage(ctx: TestContext, opts: { days: number; keys: number }, today: string) {
  const companyId = ctx.seed.companyId;
  const projects = `{${ctx.seed.projectIds.join(',')}}`;
  const names = NAMES.map(([m, k, n], i) => `(${i}, ${literal(m)}, ${literal(k)}, ${literal(n)})`).join(', ');
  await ctx.db.execute(sql`
    insert into usage_counts (company_id, day, user_id, project_id, module, kind, name, count)
    with bench as (select id from users where company_id = ${companyId}::int and username like 'bench%'),
    names (i, module, kind, name) as (values ${sql.raw(names)}),
    active as (
      select u.id as user_id, d::date as day, (u.id * 7 + (d::date - ${today}::date)) as seed
        from bench u, generate_series(${today}::date - ${opts.days - 1}::int, ${today}::date, interval '1 day') d
       where (hashint4(u.id * 1000 + (d::date - ${today}::date)) & 2147483647) % 100 < 2 + (u.id * 37) % 97
    )
    select ${companyId}::int, a.day, a.user_id,
           case when n.module = 'home' then 0
                else (${projects}::int[])[1 + (a.user_id + k) % ${ctx.seed.projectIds.length}::int] end,
           n.module, n.kind, n.name,
           1 + (hashint4(a.seed * 100 + k) & 2147483647) % 40
      from active a
      cross join generate_series(0, ${opts.keys - 1}::int) k
      join names n on n.i = (a.seed * 3 + k) % ${NAMES.length}::int`);
  await ctx.db.execute(sql`
    insert into usage_user_days (company_id, day, user_id, project_id, events)
    select company_id, day, user_id, project_id, sum(count) from usage_counts where company_id = ${companyId}::int
     group by company_id, day, user_id, project_id`);
  await ctx.db.execute(sql`analyze usage_counts`);
  await ctx.db.execute(sql`analyze usage_user_days`);
}

const rowsIn = (data: Record<string, unknown> | unknown[]): number =>
  Array.isArray(data)
    ? data.length
    : Object.values(data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);

export async function run(args: string[] = []): Promise<void> {
  const opts = parseIntOptions(args, { users: 500, days: 365, keys: 12, runs: 20, events: 1_000_000 });
  if (opts.keys > NAMES.length) throw new Error(`--keys at most ${NAMES.length}`);
  const ctx = await createTestContext();
  try {
    await ctx.db.execute(sql`delete from usage_counts`);
    await ctx.db.execute(sql`delete from usage_user_days`);
    const today = await usageDay(ctx.deps, ctx.seed.companyId);
    const started = performance.now();
    await seedUsers(ctx, opts.users);
    await seedUsage(ctx, opts, today);
    const insertS = (performance.now() - started) / 1000;
    const [sizes] = rowsOf<{ counts: number; days: number; events: number }>(
      await ctx.db.execute(sql`
        select (select count(*) from usage_counts)::int as counts, (select count(*) from usage_user_days)::int as days,
               (select sum(count) from usage_counts)::float8 as events`),
    );
    console.log(
      `${opts.users} users, ${opts.days} days: ${sizes.counts.toLocaleString('en')} usage_counts rows and ` +
        `${sizes.days.toLocaleString('en')} usage_user_days rows for ${Number(sizes.events).toLocaleString('en')} ` +
        `events, inserted in ${insertS.toFixed(1)} s (${ctx.deps.database.kind})`,
    );

    const cookie = await ctx.login('admin');
    const day = (back: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
    const project = ctx.seed.projectIds[0];
    const cases = [
      { label: '365 days', query: `from=${day(364)}&to=${today}` },
      { label: '30 days', query: `from=${day(29)}&to=${today}` },
      { label: '30 days, one project', query: `from=${day(29)}&to=${today}&project_id=${project}` },
    ];
    const table = [['screen', 'range', 'p50 ms', 'p99 ms', 'rows']];
    for (const screen of ['activos', 'modulos', 'adopcion', 'sin-ingreso'])
      for (const c of screen === 'sin-ingreso' ? [{ label: '—', query: '' }] : cases) {
        let rows = 0;
        const summary = await timeRuns(opts.runs, async () => {
          const res = await ctx.request('GET', `ocinsights/uso/${screen}?${c.query}`, { cookie });
          if (res.status !== 200) throw new Error(`${screen}?${c.query}: ${res.status} ${res.text.slice(0, 200)}`);
          rows = rowsIn(res.json.data);
        });
        table.push([screen, c.label, fmtMs(summary.p50), fmtMs(summary.p99), String(rows)]);
      }
    console.log(`\nusage screens through the app, ${opts.runs} runs each (after 3 untimed)\n`);
    printTable(table);

    // The meter: events of every bench user on every name, today, as the middleware records them.
    const [{ first }] = rowsOf<{ first: number }>(
      await ctx.db.execute(sql`select min(id)::int as first from users where username like 'bench%'`),
    );
    const meter = meterOf(ctx.deps);
    const recordStart = performance.now();
    for (let i = 0; i < opts.events; i++) {
      const [module, kind, name] = NAMES[i % NAMES.length];
      meter.record({
        companyId: ctx.seed.companyId,
        day: today,
        userId: first + (i % opts.users),
        projectId: module === 'home' ? 0 : ctx.seed.projectIds[i % ctx.seed.projectIds.length],
        module,
        kind,
        name,
      });
    }
    const recordMs = performance.now() - recordStart;
    const flushStart = performance.now();
    const written = await flushUsage(ctx.deps);
    const flushMs = performance.now() - flushStart;
    console.log(
      `\nmeter: ${opts.events.toLocaleString('en')} events recorded in ${recordMs.toFixed(0)} ms ` +
        `(${Math.round(opts.events / (recordMs / 1000)).toLocaleString('en')} events/s); ` +
        `flush of ${written.counts} counts and ${written.user_days} user days (upserts onto existing rows) in ${flushMs.toFixed(0)} ms`,
    );
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

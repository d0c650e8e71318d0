/**
 * After-sales benchmark (docs/decisions.md, After-sales benchmark): with 100,000 tickets and 400,000
 * failures seeded on top of the demo company, the p50/p95/p99 of the filtered, sorted solicitudes
 * list and of the dashboard endpoints through the real app (app.request in process, as the
 * supervisor: middleware, session, validation, queries, JSON), beside the bare SQL of the same
 * requests replayed on the driver in the same run. App and bare alternate per iteration so a change
 * in the machine's load hits both. Under dashboard/eficiencia and estadisticas, a "before" line times
 * the statements they sent before their figures were stored (postventa-baseline.ts, D-290), in the
 * same loop, as the floor the stored figures are measured against.
 *
 *   npm run bench -- postventa [--postgres] [--iterations 200] [--warmup 10] [--budget 120]
 *                              [--tickets 100000] [--failures 400000]
 *
 * PGlite always; PostgreSQL too with DATABASE_URL or --postgres (then postgres://postgres@127.0.0.1:5432/test
 * unless DATABASE_URL says otherwise): a fresh database, dropped at the end. --budget bounds the
 * seconds spent per endpoint and engine (fewer iterations are printed as n when it runs out).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { seedPostventaVolume, type SeedFigures } from './postventa-seed.ts';
import { record, replay, summary, type Recording } from './postventa-replay.ts';
import { oldEfficiency, oldStatistics } from './postventa-baseline.ts';

type Options = {
  iterations: number;
  warmup: number;
  budgetS: number;
  tickets: number;
  failures: number;
  postgres: boolean;
};
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

function parse(args: string[]): Options {
  const get = (name: string, def: number, min: number, max: number) => {
    const i = args.indexOf(`--${name}`);
    const v = i >= 0 ? Number(args[i + 1]) : def;
    if (!Number.isInteger(v) || v < min || v > max)
      throw new Error(`--${name} must be an integer from ${min} to ${max}`);
    return v;
  };
  // Bounded: the machine has 2 cores shared with others.
  return {
    iterations: get('iterations', 200, 1, 2000),
    warmup: get('warmup', 10, 0, 100),
    budgetS: get('budget', 120, 5, 900),
    tickets: get('tickets', 100_000, 100, 200_000),
    failures: get('failures', 400_000, 0, 800_000),
    postgres: args.includes('--postgres') || Boolean(process.env.DATABASE_URL),
  };
}

/** What the screens ask for. Each endpoint cycles through its variants (the first pages of the list). */
function endpoints(today: Date) {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const yearAgo = day(new Date(today.getTime() - 365 * 86_400_000));
  const tz = 'tz=America/Santiago';
  const pages = (query: string) =>
    [1, 2, 3, 4, 5].map((page) => `postventa/solicitudes?${query}&page=${page}&rowsPerPage=50&${tz}`);
  return [
    {
      name: 'list: open, high/urgent, last 12 months, by updated_at desc',
      urls: pages(
        `state=abierta,en_proceso&priority=high,urgent&date_field=created&date_preset=custom&date_from=${yearAgo}&date_to=${day(today)}&sortBy=updated_at&descending=true`,
      ),
    },
    { name: 'list: unfiltered, by priority desc', urls: pages('sortBy=priority&descending=true') },
    { name: 'dashboard/solicitudes', urls: [`postventa/dashboard/solicitudes?${tz}`] },
    { name: 'dashboard/eficiencia', urls: [`postventa/dashboard/eficiencia?${tz}`], baseline: oldEfficiency },
    { name: 'estadisticas', urls: [`postventa/estadisticas?${tz}`], baseline: oldStatistics },
  ];
}

type Row = {
  name: string;
  app: ReturnType<typeof summary>;
  bare: ReturnType<typeof summary>;
  queries: number;
  total?: number;
  /** The statement the endpoint sent before D-290, on the driver (drizzle's execute), same loop. */
  before?: ReturnType<typeof summary>;
};
type Baseline = typeof oldEfficiency;

async function get(ctx: TestContext, cookie: string, url: string) {
  const res = await ctx.request('GET', url, { cookie });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.json as { total?: number };
}

async function measure(
  ctx: TestContext,
  cookie: string,
  o: Options,
  name: string,
  urls: string[],
  baseline?: Baseline,
): Promise<Row> {
  const runBaseline = baseline && (() => baseline(ctx.db, ctx.seed.companyId, ctx.seed.projectIds));
  if (runBaseline) for (let i = 0; i < Math.min(o.warmup, 3); i++) await runBaseline();
  // Warm-up rounds, bounded to a quarter of the budget (a slow endpoint must not eat the run).
  const warmEnd = performance.now() + (o.budgetS * 1000) / 4;
  for (let i = 0; i < o.warmup * urls.length && performance.now() < warmEnd; i++)
    await get(ctx, cookie, urls[i % urls.length]);
  // One recorded request per variant, right after a warm one (so the session comes from its cache, as on a busy server).
  const recordings: Recording[] = [];
  let total: number | undefined;
  for (const url of urls) {
    await get(ctx, cookie, url);
    const { result, recording } = await record(ctx.db, () => get(ctx, cookie, url));
    const replayed = await replay(ctx.db, recording);
    if (replayed.join() !== recording.rows.join())
      throw new Error(`${name}: the replay returned rows ${replayed} where the app got ${recording.rows}`);
    recordings.push(recording);
    total ??= result.total;
  }
  const app: number[] = [];
  const bare: number[] = [];
  const before: number[] = [];
  const deadline = performance.now() + o.budgetS * 1000;
  for (let i = 0; i < o.iterations && performance.now() < deadline; i++) {
    const k = i % urls.length;
    const timeApp = async () => {
      const t0 = performance.now();
      await get(ctx, cookie, urls[k]);
      app.push(performance.now() - t0);
    };
    const timeBare = async () => {
      const t0 = performance.now();
      await replay(ctx.db, recordings[k]);
      bare.push(performance.now() - t0);
    };
    const timeBefore = async () => {
      if (!runBaseline) return;
      const t0 = performance.now();
      await runBaseline();
      before.push(performance.now() - t0);
    };
    if (i % 2 === 0) {
      await timeApp();
      await timeBare();
      await timeBefore();
    } else {
      await timeBefore();
      await timeBare();
      await timeApp();
    }
  }
  return {
    name,
    app: summary(app),
    bare: summary(bare),
    queries: recordings[0].queries,
    total,
    before: runBaseline ? summary(before) : undefined,
  };
}

async function runEngine(o: Options, databaseUrl: string | undefined) {
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  const ctx = await createTestContext();
  try {
    const kind = ctx.deps.database.kind;
    console.log(
      `\n${kind}: seeding ${o.tickets.toLocaleString('en')} tickets and ${o.failures.toLocaleString('en')} failures…`,
    );
    const seed: SeedFigures = await seedPostventaVolume(ctx.db, ctx.seed.companyId, {
      tickets: o.tickets,
      failures: o.failures,
    });
    const [{ mb: dbMb }] = (
      (await ctx.db.execute(sql`select (pg_database_size(current_database()) / 1048576)::int as mb`)) as unknown as {
        rows: { mb: number }[];
      }
    ).rows;
    console.log(
      `${kind}: seeded in ${(seed.ms / 1000).toFixed(1)} s (of which vacuum analyze ${(seed.analyzeMs / 1000).toFixed(1)} s); company rows: ` +
        `${seed.tickets} tickets, ${seed.failures} failures, ${seed.acs} ACs, ${seed.pauses} pauses; database ${dbMb} MB`,
    );
    const cookie = await ctx.login('supervisor');
    const rows: Row[] = [];
    for (const e of endpoints(new Date())) {
      rows.push(await measure(ctx, cookie, o, e.name, e.urls, 'baseline' in e ? e.baseline : undefined));
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    print(kind, rows);
    const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
    console.log(
      `${kind}: node RSS at start ${mb(startRss)}, now ${mb(process.memoryUsage().rss)}, peak ${mb(peakRss)}` +
        (kind === 'postgres' ? ' (PostgreSQL runs in its own processes)' : ' (PGlite runs inside this process)'),
    );
  } finally {
    clearInterval(rssTimer);
    await ctx.close();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

function print(kind: string, rows: Row[]) {
  const ms = (v: number) => v.toFixed(1);
  const table = [
    ['endpoint', 'n', 'sql', 'app p50', 'p95', 'p99', 'bare p50', 'p95', 'p99', 'app/bare p50', 'p95'],
    ...rows.flatMap((r) => [
      [
        r.total === undefined ? r.name : `${r.name} (${r.total} rows)`,
        String(r.app.n),
        String(r.queries),
        ms(r.app.p50),
        ms(r.app.p95),
        ms(r.app.p99),
        ms(r.bare.p50),
        ms(r.bare.p95),
        ms(r.bare.p99),
        `${(r.app.p50 / r.bare.p50).toFixed(2)}×`,
        `${(r.app.p95 / r.bare.p95).toFixed(2)}×`,
      ],
      ...(r.before
        ? [
            [
              '  before D-290: the old SQL (bare)',
              String(r.before.n),
              '1',
              '',
              '',
              '',
              ms(r.before.p50),
              ms(r.before.p95),
              ms(r.before.p99),
              `${(r.app.p50 / r.before.p50).toFixed(2)}×`,
              `${(r.app.p95 / r.before.p95).toFixed(2)}×`,
            ],
          ]
        : []),
    ]),
  ];
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  console.log(
    `\n${kind} (ms; app = GET through the app in process, bare = the same SQL on the driver; sql = statements per request;` +
      ` "before" = the statement the endpoint sent before D-290, its app/bare columns = today's app over it)`,
  );
  for (const r of table)
    console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
}

export async function run(args: string[]) {
  const o = parse(args);
  console.log(
    `postventa bench: ${o.iterations} iterations per endpoint (at most ${o.budgetS} s each), ${o.warmup} warm-up rounds`,
  );
  await runEngine(o, undefined);
  if (o.postgres) await runEngine(o, process.env.DATABASE_URL ?? LOCAL_POSTGRES);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

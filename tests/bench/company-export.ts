/**
 * `npm run bench -- company-export [--tickets 100000] [--page 2000]`
 *
 * A company's data export (server/src/modules/tiinsights/exports/) at size: `--tickets` tickets added to the demo
 * company with one generate_series insert (copies of a seeded ticket), then the export through the real app in-process
 * (POST tiinsights/empresas/{id}/exportaciones as soporte, then its signed link, the zip read and dropped chunk by
 * chunk as a client would), beside a bare floor: the same rows of every exported table selected with one SQL each
 * (no pages, no zip) and written as CSV to /dev/null. Prints time, rows, bytes, rows/s and the peak RSS / heap /
 * external memory sampled every 50 ms during each phase. Prints figures, asserts nothing about time
 * (docs/architecture.md §7). RSS seldom shrinks, so the floor's peak RSS includes whatever the export left mapped.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/client.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { csvLine } from '../../server/src/modules/tiinsights/exports/table-csv.ts';
import { exportTables } from '../../server/src/modules/tiinsights/exports/tables.ts';
import { fmtMb, parseIntOptions, printTable } from '../load/stats.ts';

/** `tickets` copies of the company's first ticket, numbered after its project's last one. */
async function seedTickets(ctx: TestContext, tickets: number) {
  const companyId = ctx.seed.companyId;
  const columns = rowsOf<{ name: string }>(
    await ctx.db.execute(sql`
      select column_name as name from information_schema.columns
       where table_name = 'tickets' and column_name not in ('id', 'number', 'code', 'client_key', 'subject')
       order by ordinal_position`),
  ).map((c) => c.name);
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const copied = sql.raw(columns.map((c) => `t."${c}"`).join(', '));
  await ctx.db.execute(sql`
    insert into tickets (number, code, subject, ${list})
    select base.last + g, 'BENCH-' || g, 'Solicitud de prueba ' || g || ', con "comillas"', ${copied}
      from (select * from tickets where company_id = ${companyId}::int order by id limit 1) t
     cross join (select max(number) as last from tickets) base
     cross join generate_series(1, ${tickets}::int) g`);
  await ctx.db.execute(sql`analyze tickets`);
}

/** Samples process.memoryUsage every 50 ms; `stop` answers the peaks. */
function sampleMemory() {
  const peak = { rss: 0, heapUsed: 0, external: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external + m.arrayBuffers);
  };
  sample();
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** The export through the app: create it, open its signed link, read the zip to the end without keeping it. */
async function exportThroughApp(ctx: TestContext) {
  const cookie = await ctx.login('soporte');
  const created = await ctx.request('POST', `tiinsights/empresas/${ctx.seed.companyId}/exportaciones`, { cookie });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const res = await ctx.app.request(`/api/v2/public/api/${created.json.data.url}`, { headers: { Cookie: cookie } });
  if (res.status !== 200 || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const [row] = rowsOf<{ rows: number; tables: number; bytes: number }>(
    await ctx.db.execute(
      sql`select rows, tables, bytes::int as bytes from data_exports where id = ${created.json.data.id}`,
    ),
  );
  if (row.bytes !== bytes) throw new Error(`recorded ${row.bytes} bytes, read ${bytes}`);
  return { rows: row.rows, tables: row.tables, bytes };
}

/** The floor: each exported table's rows of the company in one unpaged SQL, as CSV into /dev/null. */
async function bareFloor(ctx: TestContext) {
  const out = fs.createWriteStream('/dev/null');
  let rows = 0;
  let bytes = 0;
  const companyId = ctx.seed.companyId;
  for (const table of exportTables()) {
    const t = sql.identifier(table.name);
    const { scope } = table;
    const where =
      scope.kind === 'company_row'
        ? sql`id = ${companyId}`
        : scope.kind === 'company_id'
          ? sql`company_id = ${companyId}`
          : sql`${sql.identifier(scope.column)} in (select ${sql.identifier(scope.parentColumn)} from ${sql.identifier(scope.parent)} where company_id = ${companyId})`;
    const select = sql.join(
      table.columns.map((c) => sql`${sql.identifier(c)}::text as ${sql.identifier(c)}`),
      sql`, `,
    );
    const result = rowsOf<Record<string, string | null>>(
      await ctx.db.execute(sql`select ${select} from ${t} where ${where}`),
    );
    let text = csvLine(table.columns);
    for (const r of result) text += csvLine(table.columns.map((c) => r[c]));
    rows += result.length;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { rows, tables: exportTables().length, bytes };
}

export async function run(args: string[] = []): Promise<void> {
  const opts = parseIntOptions(args, { tickets: 100_000 });
  const ctx = await createTestContext();
  try {
    const seeded = performance.now();
    await seedTickets(ctx, opts.tickets);
    const [{ n }] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from tickets where company_id = ${ctx.seed.companyId}::int`),
    );
    console.log(
      `${n.toLocaleString('en')} tickets in the demo company (${opts.tickets.toLocaleString('en')} inserted in ` +
        `${((performance.now() - seeded) / 1000).toFixed(1)} s, ${ctx.deps.database.kind})`,
    );
    const table = [['phase', 'time s', 'tables', 'rows', 'bytes', 'rows/s', 'peak RSS', 'peak heap', 'peak ext+ab']];
    for (const [label, phase] of [
      ['export (route, zip)', exportThroughApp],
      ['floor (1 SQL/table, CSV → /dev/null)', bareFloor],
    ] as const) {
      const before = process.memoryUsage();
      const stop = sampleMemory();
      const started = performance.now();
      const result = await phase(ctx);
      const seconds = (performance.now() - started) / 1000;
      const peak = stop();
      table.push([
        label,
        seconds.toFixed(2),
        String(result.tables),
        result.rows.toLocaleString('en'),
        `${(result.bytes / 1048576).toFixed(1)} MB`,
        Math.round(result.rows / seconds).toLocaleString('en'),
        `${fmtMb(peak.rss)} (+${fmtMb(peak.rss - before.rss)})`,
        `${fmtMb(peak.heapUsed)} (+${fmtMb(Math.max(0, peak.heapUsed - before.heapUsed))})`,
        fmtMb(peak.external),
      ]);
    }
    console.log('');
    printTable(table);
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

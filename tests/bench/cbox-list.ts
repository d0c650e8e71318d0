/**
 * `npm run bench -- cbox-list [--files 10000] [--runs 50]`
 *
 * The library's two heaviest reads on one big folder: GET biblioteca/contenido (its first page, sorted by name) and
 * GET biblioteca/buscar?q=… (the visibility CTE over the whole library), through the real app in-process
 * (`app.request`, cookie session, in-memory seeded PGlite), beside the bare SQL of the same listing query
 * (server/src/modules/cbox/explorer/listing-query.ts) on the same database, in the same run. Both as an
 * administrator and as a user who sees the folder through a share (the CTE's other branch). Prints p50/p99 over
 * the runs and the ratio app/SQL; asserts nothing about time (docs/architecture.md §7).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadUser } from '../../server/src/auth/session.ts';
import type { SessionUser } from '../../server/src/http/context.ts';
import { listingSql } from '../../server/src/modules/cbox/explorer/listing-query.ts';
import { childrenScope, searchScope } from '../../server/src/modules/cbox/explorer/listing.ts';
import { insertFolder, shareWith, userIdOf } from '../../server/src/modules/cbox/explorer/test/records.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { cboxListQuerySchema } from '#domain/schemas/cbox';
import { parseIntOptions, timeRuns } from '../load/stats.ts';

/** `count` files in one folder, written as two set-based inserts (a `files` row each, then the library row). */
async function seedFolder(ctx: TestContext, companyId: number, count: number): Promise<number> {
  const folderId = await insertFolder(ctx.db, { companyId, name: `Banco ${randomUUID().slice(0, 8)}` });
  await ctx.db.execute(sql`
    insert into files (company_id, path, name, extension, mime, category, context, status, max_bytes, size,
                       entity_type, expires_at, uploaded_at)
    select ${companyId}, ${companyId} || '/2026/01/' || gen_random_uuid() || '.pdf',
           'plano-' || lpad(g::text, 5, '0') || '.pdf', 'pdf', 'application/pdf', 'document', 'library', 'uploaded',
           1000 + g, 1000 + g, 'cbox_file', now() + interval '1 day', now()
      from generate_series(1, ${count}) g`);
  await ctx.db.execute(sql`
    insert into cbox_files (company_id, folder_id, name, file_id, size, extension, category, mime)
    select company_id, ${folderId}, name, id, size, extension, category, mime
      from files where company_id = ${companyId} and entity_type = 'cbox_file' and entity_id is null`);
  await ctx.db.execute(sql`
    update files f set entity_id = x.id from cbox_files x
     where x.file_id = f.id and f.entity_type = 'cbox_file' and f.entity_id is null`);
  await ctx.db.execute(sql`
    insert into cbox_versions (company_id, cbox_file_id, file_id, version, size)
    select company_id, id, file_id, 1, size from cbox_files where folder_id = ${folderId}`);
  await ctx.db.execute(sql`analyze`);
  return folderId;
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

export async function run(args: string[] = []): Promise<void> {
  const opts = parseIntOptions(args, { files: 10_000, runs: 50 });
  const ctx = await createTestContext();
  try {
    const companyId = ctx.seed.companyId;
    const started = performance.now();
    const folderId = await seedFolder(ctx, companyId, opts.files);
    console.log(`seeded ${opts.files} files in one folder in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sharedId = await userIdOf(ctx.db, companyId, 'ejecutivo');
    await shareWith(ctx.db, { companyId, userId: sharedId, folderId });

    const q = cboxListQuerySchema.parse({ folder_id: folderId, sort: 'name' });
    const text = '-07';
    const rows: string[][] = [];
    for (const username of ['admin', 'ejecutivo']) {
      const cookie = await ctx.login(username);
      const user = (await loadUser(ctx.db, await userIdOf(ctx.db, companyId, username), 'bench')) as SessionUser;
      const get = async (path: string) => {
        const res = await ctx.request('GET', `biblioteca/${path}`, { cookie });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
      };
      const cases = [
        {
          label: `contenido, page 1 by name (${username})`,
          app: () => get(`contenido?folder_id=${folderId}&sort=name`),
          bare: () => ctx.db.execute(listingSql(user, childrenScope(folderId), q)).then(() => undefined),
        },
        {
          label: `buscar q=${text} (${username})`,
          app: () => get(`buscar?q=${encodeURIComponent(text)}`),
          bare: () => ctx.db.execute(listingSql(user, searchScope(text), q)).then(() => undefined),
        },
      ];
      for (const c of cases) {
        const app = await timeRuns(opts.runs, c.app);
        const bare = await timeRuns(opts.runs, c.bare);
        rows.push([
          c.label,
          ms(app.p50),
          ms(app.p99),
          ms(bare.p50),
          ms(bare.p99),
          `${(app.p50 / bare.p50).toFixed(2)}×`.padStart(7),
        ]);
      }
    }
    console.log(`\n${opts.files} files, ${opts.runs} runs each (in-process app vs the bare listing SQL)\n`);
    const head = ['case', 'app p50', 'app p99', 'SQL p50', 'SQL p99', 'app/SQL'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const r of [head, ...rows]) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

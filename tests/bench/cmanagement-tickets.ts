/**
 * `npm run bench -- cmanagement-tickets [--tickets 50000] [--runs 50]`
 *
 * The Cmanagement tickets list (GET cmanagement/tickets) over many tickets with custom field values, filtered by a
 * custom field value (a common one, 10 % of the tickets, and a rare one, 0.1 %) and by state, through the real app
 * in-process (`app.request`, cookie session, in-memory seeded PGlite), beside the bare SQL of the same query (the
 * route's WHERE from server/src/modules/cmanagement/tickets/filters.ts, its page and its count) on the same
 * database, in the same run. Beside them, the other storage docs/decisions.md weighed: one row per answer
 * (ticket, field, value) with a b-tree, built here in a scratch table, queried for the same page. Prints p50/p99
 * and whether the plan of the JSONB filter uses cm_tickets_values_idx; asserts nothing about time
 * (docs/architecture.md §7).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { loadUser } from '../../server/src/auth/session.ts';
import { rowsOf } from '../../server/src/db/client.ts';
import type { SessionUser } from '../../server/src/http/context.ts';
import { cmCategories, cmCustomFields, cmTickets, users } from '../../server/src/db/schema/index.ts';
import { ticketWhere } from '../../server/src/modules/cmanagement/tickets/filters.ts';
import { ticketOrder } from '../../server/src/modules/cmanagement/tickets/list.ts';
import { cmTicketScope } from '../../server/src/modules/cmanagement/shared/scope.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { cmTicketListQuerySchema, formatCustomFilters } from '#domain/schemas/cmanagement';
import { parseIntOptions, timeRuns } from '../load/stats.ts';

const OPTIONS = Array.from({ length: 10 }, (_, i) => ({ id: `o${i}`, name: `Opción ${i}`, disabled: false }));

/**
 * `count` tickets of one category over the company's projects, in one set-based insert: a select answered with
 * one of ten options (every thousandth ticket with a rare one), a checkbox and a number; states in turn.
 */
async function seedTickets(ctx: TestContext, companyId: number, count: number) {
  const [category] = await ctx.db.insert(cmCategories).values({ companyId, name: 'Banco' }).returning();
  const field = async (type: 'select' | 'checkbox' | 'number', name: string) =>
    (
      await ctx.db
        .insert(cmCustomFields)
        .values({
          companyId,
          categoryId: category.id,
          type,
          name,
          options: type === 'select' ? [...OPTIONS, { id: 'raro', name: 'Raro', disabled: false }] : [],
        })
        .returning()
    )[0].id;
  const select = await field('select', 'Partida');
  const checkbox = await field('checkbox', 'Con riesgo');
  const number = await field('number', 'Metros');
  const projects = `{${ctx.seed.projectIds.join(',')}}`;
  await ctx.db.execute(sql`
    insert into cm_tickets (company_id, project_id, category_id, number, title, state, priority, custom_values,
                            updated_at)
    select ${companyId}, (${projects}::int[])[1 + g % ${ctx.seed.projectIds.length}], ${category.id}, 1000000 + g,
           'Ticket ' || g,
           (array['abierto','en_curso','bloqueado','resuelto','cerrado'])[1 + g % 5],
           (array['baja','media','alta','urgente'])[1 + g % 4],
           jsonb_build_object(${String(select)}::text, case when g % 1000 = 0 then 'raro' else 'o' || (g % 10) end,
                              ${String(checkbox)}::text, g % 2 = 0, ${String(number)}::text, g % 100),
           now() - make_interval(secs => g)
      from generate_series(1, ${count}) g`);
  // The other storage: one row per answer, keyed for the equality lookup.
  await ctx.db.execute(sql`
    create table cm_bench_values (ticket_id int not null, field_id int not null, value text not null,
                                  primary key (field_id, value, ticket_id))`);
  await ctx.db.execute(sql`
    insert into cm_bench_values
    select t.id, kv.key::int, kv.value #>> '{}' from cm_tickets t, jsonb_each(t.custom_values) kv
     where t.category_id = ${category.id}`);
  await ctx.db.execute(sql`analyze`);
  return { select, checkbox };
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);

export async function run(args: string[] = []): Promise<void> {
  const opts = parseIntOptions(args, { tickets: 50_000, runs: 50 });
  const ctx = await createTestContext();
  try {
    const companyId = ctx.seed.companyId;
    const started = performance.now();
    const fields = await seedTickets(ctx, companyId, opts.tickets);
    console.log(`seeded ${opts.tickets} tickets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const cookie = await ctx.login('admin');
    const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    const user = (await loadUser(ctx.db, admin.id, 'bench')) as SessionUser;

    const get = async (query: string) => {
      const res = await ctx.request('GET', `cmanagement/tickets?${query}`, { cookie });
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    /** The route's own query: its WHERE, the page of 50 by last change, and the count. */
    const bare = async (params: Record<string, string>) => {
      const q = cmTicketListQuerySchema.parse(params);
      const where = await ticketWhere(ctx.db, user, q);
      await Promise.all([
        ctx.db
          .select()
          .from(cmTickets)
          .where(where)
          .orderBy(...ticketOrder(q))
          .limit(50),
        ctx.db.$count(cmTickets, where),
      ]);
    };
    /** The same page over one row per answer. */
    const rowsPerValue = async (fieldId: number, value: string) => {
      const match = sql`exists (select 1 from cm_bench_values v
        where v.field_id = ${fieldId} and v.value = ${value} and v.ticket_id = ${cmTickets.id})`;
      const where = and(cmTicketScope(user), match);
      await Promise.all([
        ctx.db.select().from(cmTickets).where(where).orderBy(desc(cmTickets.updatedAt), desc(cmTickets.id)).limit(50),
        ctx.db.$count(cmTickets, where),
      ]);
    };
    const cf = (fieldId: number, value: string) => formatCustomFilters([{ fieldId, value }]);
    const cases = [
      { label: 'cf select = o3 (10 %)', params: { cf: cf(fields.select, 'o3') }, rows: [fields.select, 'o3'] },
      { label: 'cf select = raro (0.1 %)', params: { cf: cf(fields.select, 'raro') }, rows: [fields.select, 'raro'] },
      {
        label: 'cf checkbox = true (50 %)',
        params: { cf: cf(fields.checkbox, 'true') },
        rows: [fields.checkbox, 'true'],
      },
      { label: 'state = bloqueado (20 %)', params: { state: 'bloqueado' }, rows: undefined },
    ] as const;
    const table: string[][] = [];
    for (const c of cases) {
      const app = await timeRuns(opts.runs, () => get(new URLSearchParams(c.params).toString()));
      const sqlTime = await timeRuns(opts.runs, () => bare(c.params));
      const alt = c.rows ? await timeRuns(opts.runs, () => rowsPerValue(c.rows[0], c.rows[1])) : undefined;
      table.push([
        c.label,
        ms(app.p50),
        ms(app.p99),
        ms(sqlTime.p50),
        ms(sqlTime.p99),
        alt ? ms(alt.p50) : '—'.padStart(10),
        alt ? ms(alt.p99) : '—'.padStart(10),
      ]);
    }
    console.log(`\n${opts.tickets} tickets, ${opts.runs} runs each (page of 50 by last change + count)\n`);
    const head = ['case', 'app p50', 'app p99', 'JSONB SQL p50', 'JSONB SQL p99', 'rows/value p50', 'rows/value p99'];
    const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    for (const r of [head, ...table]) console.log(r.map((cell, i) => cell.padEnd(widths[i])).join('  '));

    const rare = cmTicketListQuerySchema.parse({ cf: cf(fields.select, 'raro') });
    const plan = await ctx.db.execute(
      sql`explain select count(*) from ${cmTickets} where ${await ticketWhere(ctx.db, user, rare)}`,
    );
    const lines = rowsOf<{ 'QUERY PLAN': string }>(plan).map((r) => r['QUERY PLAN']);
    console.log(`\nplan of the rare JSONB filter:\n  ${lines.join('\n  ')}`);
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

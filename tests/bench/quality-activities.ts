/**
 * `npm run bench -- quality-activities [--activities 10000] [--runs 30]`
 *
 * GET calidad/actividades (server/src/modules/quality/progress/activities/list.ts: the whole tree in tree order, with
 * values, element counts and links) on one project of `activities` activities — phases of 9 floors of 10 tasks, each
 * task with two attribute values and a finish-to-start link to the next — through the real app in-process
 * (`app.request`, cookie session, in-memory seeded PGlite), unfiltered and with each filter, beside the bare SQL of
 * its first query (the project's activities) on the same database, in the same run. Prints p50/p95/p99 over the runs
 * and the ratio app/SQL; asserts nothing about time (docs/architecture.md §7).
 */
import { and, eq, sql } from 'drizzle-orm';
import { qualityActivities, qualityAttributes, qualityAttributeValues } from '../../server/src/db/schema/index.ts';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import { parseIntOptions, printTable, timeRuns, fmtMs } from '../load/stats.ts';

const FLOORS = 9;
const TASKS = 10;

/** Phases → floors → tasks in one project, written set-based (one insert per level, one for values, one for links). */
async function seedSchedule(ctx: TestContext, projectId: number, count: number) {
  const companyId = ctx.seed.companyId;
  const phases = Math.max(1, Math.round(count / (1 + FLOORS + FLOORS * TASKS)));
  await ctx.db.execute(sql`
    insert into quality_activities (company_id, project_id, parent_id, code, level, position, description,
                                    estimated_start, estimated_end, progress, estimated_cost, currency)
    select ${companyId}, ${projectId}, null, g::text, 0, g - 1, 'Etapa ' || g,
           date '2026-01-01' + g * 7, date '2026-01-01' + g * 7 + 120, 0, null, 'CLP'
      from generate_series(1, ${phases}) g`);
  await ctx.db.execute(sql`
    insert into quality_activities (company_id, project_id, parent_id, code, level, position, description,
                                    estimated_start, estimated_end, progress, estimated_cost, currency)
    select p.company_id, p.project_id, p.id, p.code || '.' || g, 1, g - 1, 'Piso ' || g,
           p.estimated_start + g * 10, p.estimated_start + g * 10 + 30, 0, null, 'CLP'
      from quality_activities p cross join generate_series(1, ${FLOORS}) g
     where p.project_id = ${projectId} and p.level = 0`);
  await ctx.db.execute(sql`
    insert into quality_activities (company_id, project_id, parent_id, code, level, position, description,
                                    estimated_start, estimated_end, actual_start, progress, estimated_cost, currency)
    select p.company_id, p.project_id, p.id, p.code || '.' || g, 2, g - 1, 'Tarea de terminación ' || p.code || '.' || g,
           p.estimated_start + g * 3, p.estimated_start + g * 3 + 2, p.estimated_start + g * 3, (g * 10) % 101,
           1000000 + g * 250000, 'CLP'
      from quality_activities p cross join generate_series(1, ${TASKS}) g
     where p.project_id = ${projectId} and p.level = 1`);
  const [torre] = await ctx.db
    .select()
    .from(qualityAttributes)
    .where(and(eq(qualityAttributes.companyId, companyId), eq(qualityAttributes.name, 'Torre')));
  const [piso] = await ctx.db
    .select()
    .from(qualityAttributes)
    .where(and(eq(qualityAttributes.companyId, companyId), eq(qualityAttributes.name, 'Piso')));
  const values = await ctx.db.select().from(qualityAttributeValues);
  const torreA = values.find((v) => v.attributeId === torre.id && v.name === 'A')!;
  const torreB = values.find((v) => v.attributeId === torre.id && v.name === 'B')!;
  const piso3 = values.find((v) => v.attributeId === piso.id && v.name === '3')!;
  const piso4 = values.find((v) => v.attributeId === piso.id && v.name === '4')!;
  await ctx.db.execute(sql`
    insert into quality_activity_values (activity_id, attribute_id, value_id)
    select id, ${torre.id}::int, case when id % 2 = 0 then ${torreA.id}::int else ${torreB.id}::int end
      from quality_activities where project_id = ${projectId} and level = 2
    union all
    select id, ${piso.id}::int, case when position % 2 = 0 then ${piso3.id}::int else ${piso4.id}::int end
      from quality_activities where project_id = ${projectId} and level = 2`);
  await ctx.db.execute(sql`
    insert into quality_activity_links (company_id, project_id, source_id, target_id, type)
    select a.company_id, a.project_id, a.id, b.id, 'fs'
      from quality_activities a join quality_activities b on b.parent_id = a.parent_id and b.position = a.position + 1
     where a.project_id = ${projectId} and a.level = 2`);
  await ctx.db.execute(sql`analyze`);
  const total = await ctx.db.$count(qualityActivities, eq(qualityActivities.projectId, projectId));
  return { total, filter: `${torreA.id},${piso3.id},${piso4.id}` };
}

export async function run(args: string[] = []): Promise<void> {
  const opts = parseIntOptions(args, { activities: 10_000, runs: 30 });
  const ctx = await createTestContext();
  try {
    const projectId = ctx.seed.projectIds[1];
    const started = performance.now();
    const { total, filter } = await seedSchedule(ctx, projectId, opts.activities);
    console.log(`seeded ${total} activities in one project in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const cookie = await ctx.login('admin');
    let answered = 0;
    const get = async (query: string) => {
      const res = await ctx.request('GET', `calidad/actividades?project_id=${projectId}${query}`, { cookie });
      if (res.status !== 200) throw new Error(`${query}: ${res.status} ${res.text.slice(0, 200)}`);
      answered = res.json.total;
    };
    const bare = () =>
      ctx.db.execute(
        sql`select * from quality_activities where company_id = ${ctx.seed.companyId} and project_id = ${projectId}`,
      );
    const cases = [
      { label: 'whole tree', query: '' },
      { label: 'q=terminacion 1.5', query: '&q=terminacion%201.5' },
      { label: 'values Torre A + Piso 3|4', query: `&values=${filter}` },
    ];
    const sqlTimes = await timeRuns(opts.runs, bare);
    console.log(`bare SQL: p50 ${fmtMs(sqlTimes.p50)} ms, p99 ${fmtMs(sqlTimes.p99)} ms`);
    const rows = [['case', 'rows', 'app p50', 'app p95', 'app p99', 'SQL p50', 'SQL p99', 'app/SQL']];
    for (const c of cases) {
      const app = await timeRuns(opts.runs, () => get(c.query));
      console.log(`${c.label}: p50 ${fmtMs(app.p50)} ms, p95 ${fmtMs(app.p95)} ms, p99 ${fmtMs(app.p99)} ms`);
      rows.push([
        c.label,
        String(answered),
        fmtMs(app.p50),
        fmtMs(app.p95),
        fmtMs(app.p99),
        fmtMs(sqlTimes.p50),
        fmtMs(sqlTimes.p99),
        `${(app.p50 / sqlTimes.p50).toFixed(1)}×`,
      ]);
    }
    console.log(
      `\n${total} activities, ${opts.runs} runs each, ms (in-process app vs the bare select of the project's activities)\n`,
    );
    printTable(rows);
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

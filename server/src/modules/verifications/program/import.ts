import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { RECEPTIONS_PER_PROJECT_MAX } from '#domain/verifications';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { receptions, receptionTemplates } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, isUniqueViolation } from '../../../lib/errors.ts';
import { announceReceptionChange } from '../shared/events.ts';
import type { PlannedReception, ProgramCheck, ProgramContext } from './check.ts';

/** Receptions per statement: 1,000 rows of 12 columns stay far below PostgreSQL's 65,535 parameters. */
export const PROGRAM_CHUNK = 1000;

/** The project's receptions by code and the company's active templates by work package (two queries). */
export async function loadProgramContext(db: DbOrTx, companyId: number, projectId: number): Promise<ProgramContext> {
  const [held, templates] = await Promise.all([
    db
      .select({ id: receptions.id, code: receptions.code, state: receptions.state })
      .from(receptions)
      .where(and(eq(receptions.companyId, companyId), eq(receptions.projectId, projectId))),
    db
      .select({ id: receptionTemplates.id, workPackage: receptionTemplates.workPackage })
      .from(receptionTemplates)
      .where(and(eq(receptionTemplates.companyId, companyId), eq(receptionTemplates.active, true)))
      .orderBy(asc(sql`lower(${receptionTemplates.name})`), asc(receptionTemplates.id)),
  ]);
  const byWorkPackage = new Map<string, number>();
  // Two active templates of one work package: the first by name receives it.
  for (const t of templates)
    if (!byWorkPackage.has(t.workPackage.toLowerCase())) byWorkPackage.set(t.workPackage.toLowerCase(), t.id);
  return {
    existing: new Map(held.map((r) => [r.code.toLowerCase(), { id: r.id, state: r.state }])),
    templates: byWorkPackage,
    receptionCount: held.length,
  };
}

/** What a concurrent write broke between the preview and the import (a reception started, a code taken). */
const changedMeanwhile = () => new ApiError(409, 'verifications.program.changed_meanwhile');

/** docs/api.md Verifications: a project holds at most RECEPTIONS_PER_PROJECT_MAX receptions, imported ones included. */
async function refuseOverfullProject(db: DbOrTx, companyId: number, projectId: number, adding: number) {
  const held = await db.$count(
    receptions,
    and(eq(receptions.companyId, companyId), eq(receptions.projectId, projectId)),
  );
  if (held + adding > RECEPTIONS_PER_PROJECT_MAX)
    throw new ApiError(422, 'verifications.program.project_full', {
      count: held + adding,
      max: RECEPTIONS_PER_PROJECT_MAX,
    });
}

/**
 * The UPDATE of a chunk of rows that name existing receptions, in one statement: the program's fields the mapping
 * carries (an optional field left unmapped keeps its value; the template follows the work package), only while the
 * reception is still programmed. Answers the ids it updated.
 */
async function updateChunk(db: DbOrTx, at: { companyId: number; projectId: number }, chunk: PlannedReception[]) {
  const mapped = chunk[0];
  const sets: SQL[] = [
    sql`code = v.code`,
    sql`name = v.name`,
    sql`planned_start = v.planned_start`,
    sql`planned_end = v.planned_end`,
    sql`updated_at = now()`,
  ];
  if (mapped.work_package !== undefined)
    sets.push(sql`work_package = v.work_package`, sql`template_id = v.template_id`);
  if (mapped.location !== undefined) sets.push(sql`location = v.location`);
  if (mapped.contractor !== undefined) sets.push(sql`contractor = v.contractor`);
  const values = sql.join(
    chunk.map(
      (r) =>
        sql`(${r.existingId}::int, ${r.code}::text, ${r.name}::text, ${r.work_package ?? null}::text, ${r.location ?? null}::text, ${r.contractor ?? null}::text, ${r.templateId ?? null}::int, ${r.planned_start}::date, ${r.planned_end}::date)`,
    ),
    sql`, `,
  );
  const result = await db.execute(sql`update receptions r set ${sql.join(sets, sql`, `)}
    from (values ${values}) as v(id, code, name, work_package, location, contractor, template_id, planned_start, planned_end)
    where r.id = v.id and r.company_id = ${at.companyId} and r.project_id = ${at.projectId} and r.state = 'programada'
    returning r.id`);
  return rowsOf<{ id: number }>(result).length;
}

/**
 * Writes a checked program in ONE transaction: new codes are inserted as programmed receptions (PROGRAM_CHUNK per
 * insert), codes the project holds update their reception (PROGRAM_CHUNK per UPDATE … FROM VALUES), then one live
 * event for the project. A reception started or a code taken since the check rolls all of it back (409).
 */
export async function runProgramImport(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  check: ProgramCheck,
): Promise<{ created: number; updated: number }> {
  const { companyId } = user;
  const creates = check.rows.filter((r) => r.existingId === null);
  const updates = check.rows.filter((r) => r.existingId !== null);
  try {
    return await transactionWithEvents(deps, async (tx) => {
      await refuseOverfullProject(tx, companyId, projectId, creates.length);
      for (let i = 0; i < creates.length; i += PROGRAM_CHUNK)
        await tx.insert(receptions).values(
          creates.slice(i, i + PROGRAM_CHUNK).map((r) => ({
            companyId,
            projectId,
            code: r.code,
            name: r.name,
            workPackage: r.work_package ?? null,
            location: r.location ?? null,
            contractor: r.contractor ?? null,
            templateId: r.templateId ?? null,
            state: 'programada' as const,
            plannedStart: r.planned_start,
            plannedEnd: r.planned_end,
            createdBy: user.id,
          })),
        );
      let updated = 0;
      for (let i = 0; i < updates.length; i += PROGRAM_CHUNK)
        updated += await updateChunk(tx, { companyId, projectId }, updates.slice(i, i + PROGRAM_CHUNK));
      if (updated !== updates.length) throw changedMeanwhile();
      await announceReceptionChange(
        tx,
        { companyId, projectId, actorId: user.id, action: 'imported' },
        { reception_id: null, state: null },
      );
      return { created: creates.length, updated };
    });
  } catch (e) {
    if (isUniqueViolation(e, 'receptions_code_uq')) throw changedMeanwhile();
    throw e;
  }
}

import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { TEMPLATES_MAX } from '#domain/verifications';
import type { ReceptionTemplate } from '#domain/verifications-responses';
import type { CheckpointInput, TemplateCreateInput, TemplateUpdateInput } from '#domain/schemas/verifications';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { receptions, receptionTemplates, type StoredCheckpoint } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { isUniqueViolation, unprocessable } from '../../../lib/errors.ts';
import { announceTemplateChange } from '../shared/events.ts';
import type { TemplateRecord } from '../shared/scope.ts';

/**
 * The reception templates of config/recepciones (docs/api.md, Verifications; domain/verifications.ts): the company's
 * checklists, one per work package or stage. Names are unique per company in any case (reception_templates_name_uq),
 * a company holds at most TEMPLATES_MAX; a template is never deleted (receptions name it), only deactivated. Replacing
 * its checkpoints leaves the receptions already started alone: they hold their own copy (reception_items). Every
 * write sends one live event to the company's room, last in its transaction.
 */

const NAME_INDEX = 'reception_templates_name_uq';
const nameTaken = () => unprocessable([{ field: 'name', key: 'verifications.errors.template_name_taken' }]);

const storedCheckpoints = (list: CheckpointInput[]): StoredCheckpoint[] =>
  list.map((c) => ({ title: c.title, guidance: c.guidance ?? null, evidence: c.evidence }));

const templateOf = (r: TemplateRecord, receptionCount: number): ReceptionTemplate => ({
  id: r.id,
  name: r.name,
  work_package: r.workPackage,
  active: r.active,
  checkpoints: r.checkpoints.map((c) => ({ title: c.title, guidance: c.guidance ?? null, evidence: c.evidence })),
  reception_count: receptionCount,
  updated_at: r.updatedAt.toISOString(),
});

/** Receptions of any of the company's projects that name each template: one grouped query. */
async function receptionCounts(db: DbOrTx, companyId: number, templateIds?: number[]): Promise<Map<number, number>> {
  if (templateIds && !templateIds.length) return new Map();
  const rows = await db
    .select({ templateId: receptions.templateId, n: sql<number>`count(*)::int` })
    .from(receptions)
    .where(
      and(
        eq(receptions.companyId, companyId),
        templateIds ? inArray(receptions.templateId, templateIds) : sql`${receptions.templateId} is not null`,
      ),
    )
    .groupBy(receptions.templateId);
  return new Map(rows.map((r) => [r.templateId!, r.n]));
}

/** The company's templates: active ones first, then by name in any case, then id. */
export async function listTemplates(db: DbOrTx, companyId: number): Promise<ReceptionTemplate[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(receptionTemplates)
      .where(eq(receptionTemplates.companyId, companyId))
      .orderBy(
        desc(receptionTemplates.active),
        asc(sql`lower(${receptionTemplates.name})`),
        asc(receptionTemplates.id),
      ),
    receptionCounts(db, companyId),
  ]);
  return rows.map((r) => templateOf(r, counts.get(r.id) ?? 0));
}

async function refuseTakenName(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: receptionTemplates.id })
    .from(receptionTemplates)
    .where(
      and(
        eq(receptionTemplates.companyId, companyId),
        sql`lower(${receptionTemplates.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(receptionTemplates.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw nameTaken();
}

async function refuseFull(db: DbOrTx, companyId: number) {
  const held = await db.$count(receptionTemplates, eq(receptionTemplates.companyId, companyId));
  if (held + 1 > TEMPLATES_MAX)
    throw unprocessable([
      { field: 'name', key: 'verifications.errors.templates_full', params: { max: TEMPLATES_MAX } },
    ]);
}

/** One write in one transaction; a concurrent writer that took the name first is answered as the same 422. */
async function write<T>(deps: AppDeps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await transactionWithEvents(deps, fn);
  } catch (e) {
    if (isUniqueViolation(e, NAME_INDEX)) throw nameTaken();
    throw e;
  }
}

export function createTemplate(
  deps: AppDeps,
  user: SessionUser,
  body: TemplateCreateInput,
): Promise<ReceptionTemplate> {
  return write(deps, async (tx) => {
    await refuseFull(tx, user.companyId);
    await refuseTakenName(tx, user.companyId, body.name);
    const [row] = await tx
      .insert(receptionTemplates)
      .values({
        companyId: user.companyId,
        name: body.name,
        workPackage: body.work_package,
        checkpoints: storedCheckpoints(body.checkpoints),
      })
      .returning();
    await announceTemplateChange(tx, { companyId: user.companyId, actorId: user.id, action: 'created' }, row.id);
    return templateOf(row, 0);
  });
}

/** A PATCH changes what it sends; `checkpoints` replaces the whole list. Sending nothing writes nothing. */
export async function updateTemplate(
  deps: AppDeps,
  user: SessionUser,
  template: TemplateRecord,
  body: TemplateUpdateInput,
): Promise<ReceptionTemplate> {
  const db = deps.database.db;
  if (!Object.values(body).some((v) => v !== undefined)) {
    const counts = await receptionCounts(db, user.companyId, [template.id]);
    return templateOf(template, counts.get(template.id) ?? 0);
  }
  return write(deps, async (tx) => {
    if (body.name !== undefined) await refuseTakenName(tx, user.companyId, body.name, template.id);
    const [row] = await tx
      .update(receptionTemplates)
      .set({
        name: body.name,
        workPackage: body.work_package,
        checkpoints: body.checkpoints ? storedCheckpoints(body.checkpoints) : undefined,
        active: body.active,
        updatedAt: new Date(),
      })
      .where(eq(receptionTemplates.id, template.id))
      .returning();
    const action =
      body.active === undefined || body.active === template.active
        ? 'updated'
        : body.active
          ? 'activated'
          : 'deactivated';
    const counts = await receptionCounts(tx, user.companyId, [row.id]);
    await announceTemplateChange(tx, { companyId: user.companyId, actorId: user.id, action }, row.id);
    return templateOf(row, counts.get(row.id) ?? 0);
  });
}

import { and, eq, ne, sql } from 'drizzle-orm';
import type { ReceptionCreateInput, ReceptionUpdateInput } from '#domain/schemas/verifications';
import { RECEPTION_EDITABLE_STATES, type ReceptionState } from '#domain/verifications';
import { dateAfter } from '#domain/validation';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { receptions, receptionTemplates } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, isUniqueViolation, unprocessable, type FieldError } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { announceReceptionChange } from '../shared/events.ts';
import { assertProjectVisible, loadReception } from '../shared/scope.ts';

/**
 * Writing a reception of the program by hand (POST and PATCH verificaciones/recepciones): the schema's rules are
 * checked by jsonBody; here what needs the database — the code unique in the project (case-insensitive), the template
 * an active one of the company (or the one whose work package the reception names), the dates against the stored ones
 * and the state (only a programmed reception is edited).
 */

const codeTaken = (): FieldError => ({ field: 'code', key: 'verifications.errors.code_taken' });

async function codeIsTaken(tx: DbOrTx, projectId: number, code: string, except?: number) {
  const [row] = await tx
    .select({ id: receptions.id })
    .from(receptions)
    .where(
      and(
        eq(receptions.projectId, projectId),
        sql`lower(${receptions.code}) = lower(${code})`,
        except !== undefined ? ne(receptions.id, except) : undefined,
      ),
    );
  return Boolean(row);
}

async function activeTemplate(tx: DbOrTx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: receptionTemplates.id })
    .from(receptionTemplates)
    .where(
      and(
        eq(receptionTemplates.id, id),
        eq(receptionTemplates.companyId, companyId),
        eq(receptionTemplates.active, true),
      ),
    );
  return row?.id;
}

/** The active template of the company that receives `workPackage` (case-insensitive), if exactly named. */
export async function templateForWorkPackage(tx: DbOrTx, companyId: number, workPackage: string | null | undefined) {
  if (!workPackage) return null;
  const [row] = await tx
    .select({ id: receptionTemplates.id })
    .from(receptionTemplates)
    .where(
      and(
        eq(receptionTemplates.companyId, companyId),
        eq(receptionTemplates.active, true),
        sql`lower(${receptionTemplates.workPackage}) = lower(${workPackage})`,
      ),
    )
    .orderBy(receptionTemplates.id)
    .limit(1);
  return row?.id ?? null;
}

const rethrowCode = (error: unknown): never => {
  throw isUniqueViolation(error, 'receptions_code_uq') ? unprocessable([codeTaken()]) : error;
};

const announce = (
  tx: Tx,
  user: SessionUser,
  r: { id: number; projectId: number; state: ReceptionState },
  action: string,
) =>
  announceReceptionChange(
    tx,
    { companyId: user.companyId, projectId: r.projectId, actorId: user.id, action },
    { reception_id: r.id, state: r.state },
  );

/** POST verificaciones/recepciones: answers the new reception's id. */
export async function createReception(deps: AppDeps, user: SessionUser, input: ReceptionCreateInput): Promise<number> {
  assertProjectVisible(user, input.project_id);
  return transactionWithEvents(deps, async (tx) => {
    const errors: FieldError[] = [];
    if (await codeIsTaken(tx, input.project_id, input.code)) errors.push(codeTaken());
    let templateId: number | null = null;
    if (input.template_id != null) {
      templateId = (await activeTemplate(tx, user.companyId, input.template_id)) ?? null;
      if (templateId === null) errors.push({ field: 'template_id', key: 'verifications.errors.template_invalid' });
    } else if (input.template_id === undefined)
      templateId = await templateForWorkPackage(tx, user.companyId, input.work_package);
    if (errors.length) throw unprocessable(errors);
    const [row] = await tx
      .insert(receptions)
      .values({
        companyId: user.companyId,
        projectId: input.project_id,
        code: input.code,
        name: input.name,
        workPackage: input.work_package ?? null,
        location: input.location ?? null,
        contractor: input.contractor ?? null,
        templateId,
        plannedStart: input.planned_start,
        plannedEnd: input.planned_end,
        createdBy: user.id,
      })
      .returning()
      .catch(rethrowCode);
    await announce(tx, user, row, 'reception.create');
    return row.id;
  });
}

/** PATCH verificaciones/recepciones/{receptionId}: only what changed, only while programmed. */
export async function updateReception(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: ReceptionUpdateInput,
): Promise<void> {
  await transactionWithEvents(deps, async (tx) => {
    const current = await loadReception(tx, user, id, true);
    if (!(RECEPTION_EDITABLE_STATES as readonly ReceptionState[]).includes(current.state))
      throw conflict('verifications.errors.not_editable');
    const errors: FieldError[] = [];
    if (input.code !== undefined && (await codeIsTaken(tx, current.projectId, input.code, current.id)))
      errors.push(codeTaken());
    if (input.template_id != null && !(await activeTemplate(tx, user.companyId, input.template_id)))
      errors.push({ field: 'template_id', key: 'verifications.errors.template_invalid' });
    const start = input.planned_start ?? current.plannedStart;
    const end = input.planned_end ?? current.plannedEnd;
    const order = dateAfter(end, start, true);
    if (order) errors.push({ field: 'planned_end', key: order.key, params: order.params });
    if (errors.length) throw unprocessable(errors);
    const [row] = await tx
      .update(receptions)
      .set({
        ...(input.code !== undefined ? { code: input.code } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.work_package !== undefined ? { workPackage: input.work_package } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.contractor !== undefined ? { contractor: input.contractor } : {}),
        ...(input.template_id !== undefined ? { templateId: input.template_id } : {}),
        plannedStart: start,
        plannedEnd: end,
        updatedAt: new Date(),
      })
      .where(eq(receptions.id, current.id))
      .returning()
      .catch(rethrowCode);
    await announce(tx, user, row, 'reception.update');
  });
}

import { MODULE_PERMISSIONS } from '#domain/permissions';
import { staffWithFlagSeeing } from '../../../db/staff.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  needsNote,
  needsPhoto,
  RECEPTION_OBSERVED_NOTIFICATION,
  receptionCommands,
  type ReceptionCommandType,
} from '#domain/verifications';
import { receptionMachine, type ReceptionEvent } from '#machines/reception';
import type { Tx } from '../../../db/client.ts';
import { files, receptionFollowUps, receptionItems, receptions, receptionTemplates } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { unprocessable, type FieldError } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { runCommandIn, transitionNotAllowed } from '../../../commands/runner.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { attachFiles, freshImage } from '../../files/service.ts';
import { announceReceptionChange, RECEPTION_FILES, receptionLink, VERIFICATIONS_ENTITY } from '../shared/events.ts';
import { loadReception, type ReceptionRecord } from '../shared/scope.ts';
import { todayOf } from './support.ts';

/**
 * A reception's state changes (machines/reception.ts) through the runner: POST verificaciones/recepciones/{id}/<verb>
 * (start, sign, cancel), and reception.resolve when its last follow-up closes (follow-ups/commands.ts). The machine's
 * effects are performed here in the command's transaction: the template's checkpoints copied on a start, the
 * signatures recorded and one follow-up opened per failed checkpoint on a sign, the observed reception's staff
 * notified (RECEPTION_OBSERVED_NOTIFICATION).
 */

type Body<T extends ReceptionCommandType> = z.output<(typeof receptionCommands)[T]['body']>;
export type ReceptionCommandInput =
  | { type: 'reception.start'; body: Body<'reception.start'> }
  | { type: 'reception.sign'; body: Body<'reception.sign'> }
  | { type: 'reception.cancel'; body: Body<'reception.cancel'> };

type SignFacts = { failed: number; today: string; inspectorPath: string; contractorPath: string };

/**
 * Whether every checkpoint may be signed as answered: answered, with its evidence (a photo, a note) unless it does not
 * apply, and a failed one with its note and a due date not before today. One error per checkpoint, `items.<itemId>`.
 */
export async function signErrors(tx: Tx, reception: ReceptionRecord, today: string): Promise<FieldError[]> {
  const items = await tx
    .select()
    .from(receptionItems)
    .where(eq(receptionItems.receptionId, reception.id))
    .orderBy(asc(receptionItems.position));
  const photoRows = items.length
    ? await tx
        .select({ id: files.entityId, n: sql<number>`count(*)::int` })
        .from(files)
        .where(
          and(
            eq(files.companyId, reception.companyId),
            eq(files.entityType, RECEPTION_FILES.itemPhoto),
            inArray(
              files.entityId,
              items.map((i) => i.id),
            ),
          ),
        )
        .groupBy(files.entityId)
    : [];
  const photos = new Map(photoRows.map((r) => [r.id, r.n]));
  const errors: FieldError[] = [];
  for (const item of items) {
    const field = `items.${item.id}`;
    const failed = item.result === 'no_cumple';
    const key =
      item.result === null
        ? 'verifications.errors.unanswered'
        : item.result === 'no_aplica'
          ? null
          : needsPhoto(item.evidence) && !photos.get(item.id)
            ? 'verifications.errors.photo_required'
            : (needsNote(item.evidence) || failed) && !item.note
              ? 'verifications.errors.note_required'
              : failed && !item.dueOn
                ? 'verifications.errors.due_required'
                : failed && item.dueOn! < today
                  ? 'verifications.errors.due_past'
                  : null;
    if (key) errors.push({ field, key, params: { title: item.title } });
  }
  return errors;
}

async function performEffects(tx: Tx, reception: ReceptionRecord, effects: Set<string>): Promise<void> {
  if (effects.has('copyCheckpoints')) {
    const [template] = await tx
      .select()
      .from(receptionTemplates)
      .where(eq(receptionTemplates.id, reception.templateId!));
    await tx.delete(receptionItems).where(eq(receptionItems.receptionId, reception.id));
    if (template.checkpoints.length)
      await tx.insert(receptionItems).values(
        template.checkpoints.map((c, position) => ({
          companyId: reception.companyId,
          receptionId: reception.id,
          position,
          title: c.title,
          guidance: c.guidance,
          evidence: c.evidence,
        })),
      );
  }
  if (effects.has('openFollowUps')) {
    const failed = await tx
      .select()
      .from(receptionItems)
      .where(and(eq(receptionItems.receptionId, reception.id), eq(receptionItems.result, 'no_cumple')));
    if (failed.length)
      await tx.insert(receptionFollowUps).values(
        failed.map((item) => ({
          companyId: reception.companyId,
          projectId: reception.projectId,
          receptionId: reception.id,
          itemId: item.id,
          dueOn: item.dueOn!,
        })),
      );
  }
}

/**
 * Runs one reception event inside the caller's transaction, the reception already locked and loaded; answers the
 * reception as written. The live event is the caller's to record, last.
 */
export async function receptionEventIn(
  tx: Tx,
  user: SessionUser,
  t: Translate,
  reception: ReceptionRecord,
  input: ReceptionCommandInput | { type: 'reception.resolve' },
  sign?: SignFacts,
): Promise<ReceptionRecord> {
  const event: ReceptionEvent =
    input.type === 'reception.sign' ? { type: input.type, failed: sign!.failed } : { type: input.type };
  const observed = event.type === 'reception.sign' && event.failed > 0;
  const notify = observed
    ? await staffWithFlagSeeing(tx, reception.companyId, reception.projectId, MODULE_PERMISSIONS.verifications)
    : undefined;
  const { result } = await runCommandIn(tx, {
    machine: receptionMachine,
    machineName: 'reception',
    entity: {
      type: VERIFICATIONS_ENTITY.reception,
      id: reception.id,
      companyId: reception.companyId,
      projectId: reception.projectId,
    },
    load: async () => ({ value: reception.state, context: {}, row: reception, projectId: reception.projectId }),
    event,
    commands: receptionCommands,
    actor: user,
    persist: async (inner, next) => {
      const now = new Date();
      const today = sign?.today ?? (await todayOf(inner, reception.companyId));
      const [row] = await inner
        .update(receptions)
        .set({
          state: next.to,
          updatedAt: now,
          ...(input.type === 'reception.start' ? { startedOn: today, inspectorId: user.id } : {}),
          ...(input.type === 'reception.sign'
            ? {
                signedOn: today,
                inspectorId: user.id,
                inspectorSignedAt: now,
                contractorSignedAt: now,
                contractorSigner: input.body.contractor_signer,
                observations: input.body.observations ?? null,
              }
            : {}),
          ...(input.type === 'reception.cancel' ? { cancelReason: input.body.reason } : {}),
        })
        .where(eq(receptions.id, reception.id))
        .returning();
      await performEffects(inner, row, new Set(next.actions.map((a) => a.type)));
      return row;
    },
    userId: user.id,
    t,
    ...(observed ? { eventType: RECEPTION_OBSERVED_NOTIFICATION, notify } : {}),
    data: (next) => ({
      reception_id: reception.id,
      state: next.to,
      ref: reception.code,
      subject: reception.name,
      ...(event.type === 'reception.sign' ? { failed: event.failed } : {}),
    }),
    activity: sign
      ? { inspector_signature_path: sign.inspectorPath, contractor_signature_path: sign.contractorPath }
      : undefined,
    link: receptionLink(reception.id),
  });
  return result;
}

/** The two signature images: uploads of the caller (png or jpg) that nothing holds yet, and not the same one. */
async function checkSignatures(deps: AppDeps, user: SessionUser, body: Body<'reception.sign'>) {
  const errors: FieldError[] = [];
  for (const field of ['inspector_signature_path', 'contractor_signature_path'] as const)
    if (!(await freshImage(deps, user, body[field])))
      errors.push({ field, key: 'verifications.errors.invalid_signature' });
  if (!errors.length && body.inspector_signature_path === body.contractor_signature_path)
    errors.push({ field: 'contractor_signature_path', key: 'verifications.errors.invalid_signature' });
  if (errors.length) throw unprocessable(errors);
}

/** POST verificaciones/recepciones/{receptionId}/<verb>: checks the body against the database, then the runner. */
export async function receptionCommand(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: ReceptionCommandInput,
  t: Translate,
): Promise<void> {
  const db = deps.database.db;
  // The state first: a reception the machine would refuse is a 409 whatever its answers or files.
  const before = await loadReception(db, user, id);
  const probe: ReceptionEvent = input.type === 'reception.sign' ? { type: input.type, failed: 0 } : input;
  if (!nextState(receptionMachine, { value: before.state, context: {} }, probe).ok)
    throw transitionNotAllowed(t, 'reception', before.state, input.type, receptionMachine);
  if (input.type === 'reception.sign') await checkSignatures(deps, user, input.body);
  await transactionWithEvents(deps, async (tx) => {
    const reception = await loadReception(tx, user, id, true);
    let sign: SignFacts | undefined;
    if (input.type === 'reception.start' && reception.templateId === null)
      throw unprocessable([{ field: 'template_id', key: 'verifications.errors.no_template' }]);
    if (input.type === 'reception.sign') {
      const today = await todayOf(tx, reception.companyId);
      // Another request may have moved it meanwhile: the runner then refuses it (409).
      const errors = reception.state === 'en_inspeccion' ? await signErrors(tx, reception, today) : [];
      if (errors.length) throw unprocessable(errors);
      const [{ failed }] = await tx
        .select({ failed: sql<number>`count(*)::int` })
        .from(receptionItems)
        .where(and(eq(receptionItems.receptionId, reception.id), eq(receptionItems.result, 'no_cumple')));
      sign = {
        failed,
        today,
        inspectorPath: input.body.inspector_signature_path,
        contractorPath: input.body.contractor_signature_path,
      };
    }
    const row = await receptionEventIn(tx, user, t, reception, input, sign);
    await announceReceptionChange(
      tx,
      { companyId: row.companyId, projectId: row.projectId, actorId: user.id, action: input.type },
      { reception_id: row.id, state: row.state },
    );
  });
  if (input.type === 'reception.sign')
    await attachFiles(
      deps,
      user.companyId,
      [input.body.inspector_signature_path, input.body.contractor_signature_path],
      { type: RECEPTION_FILES.signature, id },
    );
}

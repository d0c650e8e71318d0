import { and, eq } from 'drizzle-orm';
import type { CheckpointAnswerInput } from '#domain/schemas/verifications';
import { receptionItems, receptions } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { announceReceptionChange, RECEPTION_FILES } from '../shared/events.ts';
import { loadReception } from '../shared/scope.ts';
import { checkPhotoPaths, replacePhotos } from './support.ts';

/**
 * PUT verificaciones/recepciones/{receptionId}/puntos/{itemId}: one checkpoint's answer, saved as it is given on the
 * phone, only while the reception is in inspection. A field left out keeps its value; photo_paths replaces the
 * checkpoint's photos (RECEPTION_FILES.itemPhoto): new uploads attached, the ones left out back to their uploader.
 */
export async function answerCheckpoint(
  deps: AppDeps,
  user: SessionUser,
  receptionId: number,
  itemId: number,
  input: CheckpointAnswerInput,
): Promise<void> {
  const db = deps.database.db;
  const reception = await loadReception(db, user, receptionId);
  const [item] = await db
    .select({ id: receptionItems.id })
    .from(receptionItems)
    .where(and(eq(receptionItems.id, itemId), eq(receptionItems.receptionId, reception.id)));
  if (!item) throw notFound();
  if (reception.state !== 'en_inspeccion') throw conflict('verifications.errors.not_in_inspection');
  const entity = { type: RECEPTION_FILES.itemPhoto, id: item.id };
  const photos =
    input.photo_paths !== undefined
      ? await checkPhotoPaths(deps, user, input.photo_paths, entity, 'photo_paths')
      : undefined;
  await transactionWithEvents(deps, async (tx) => {
    const locked = await loadReception(tx, user, reception.id, true);
    if (locked.state !== 'en_inspeccion') throw conflict('verifications.errors.not_in_inspection');
    const now = new Date();
    await tx
      .update(receptionItems)
      .set({
        ...(input.result !== undefined ? { result: input.result } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.due_on !== undefined ? { dueOn: input.due_on } : {}),
        answeredBy: user.id,
        answeredAt: now,
      })
      .where(eq(receptionItems.id, item.id));
    await tx.update(receptions).set({ updatedAt: now }).where(eq(receptions.id, locked.id));
    await announceReceptionChange(
      tx,
      { companyId: locked.companyId, projectId: locked.projectId, actorId: user.id, action: 'reception.answer' },
      { reception_id: locked.id, state: locked.state },
    );
  });
  if (photos) await replacePhotos(deps, user.companyId, entity, photos);
}

import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { followUpCommands, type followUpCloseSchema } from '#domain/verifications';
import { followUpMachine } from '#machines/reception-follow-up';
import { receptionFollowUps, receptions } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { runCommandIn, transitionNotAllowed } from '../../../commands/runner.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { receptionEventIn } from '../receptions/commands.ts';
import { checkPhotoPaths, replacePhotos, todayOf } from '../receptions/support.ts';
import { announceReceptionChange, RECEPTION_FILES, receptionLink, VERIFICATIONS_ENTITY } from '../shared/events.ts';
import { loadFollowUp, loadReception } from '../shared/scope.ts';

/**
 * POST verificaciones/seguimientos/{followUpId}/cerrar (machines/reception-follow-up.ts followUp.close) through the
 * runner: the closing note, day and person written, its photos attached (RECEPTION_FILES.followUpPhoto); when no
 * follow-up of the reception stays open, the reception is resolved (reception.resolve: observada → aprobada) in the
 * same transaction. The project's live event last.
 */
export async function closeFollowUp(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  body: z.output<typeof followUpCloseSchema>,
  t: Translate,
): Promise<void> {
  const db = deps.database.db;
  const before = await loadFollowUp(db, user, id);
  if (!nextState(followUpMachine, { value: before.state, context: {} }, { type: 'followUp.close' }).ok)
    throw transitionNotAllowed(t, 'followUp', before.state, 'followUp.close', followUpMachine);
  const entity = { type: RECEPTION_FILES.followUpPhoto, id: before.id };
  const photos = await checkPhotoPaths(deps, user, body.photo_paths, entity, 'photo_paths');
  await transactionWithEvents(deps, async (tx) => {
    const reception = await loadReception(tx, user, before.receptionId, true);
    const followUp = await loadFollowUp(tx, user, id, true);
    const today = await todayOf(tx, user.companyId);
    await runCommandIn(tx, {
      machine: followUpMachine,
      machineName: 'followUp',
      entity: { type: VERIFICATIONS_ENTITY.followUp, id: followUp.id, companyId: followUp.companyId },
      load: async () => ({ value: followUp.state, context: {}, row: followUp, projectId: followUp.projectId }),
      event: { type: 'followUp.close' },
      commands: followUpCommands,
      actor: user,
      persist: async (inner, next) => {
        const [row] = await inner
          .update(receptionFollowUps)
          .set({ state: next.to, closedOn: today, closedBy: user.id, closingNote: body.note, updatedAt: new Date() })
          .where(eq(receptionFollowUps.id, followUp.id))
          .returning();
        return row;
      },
      userId: user.id,
      t,
      data: { reception_id: reception.id, follow_up_id: followUp.id, ref: reception.code },
      link: receptionLink(reception.id),
    });
    const [{ open }] = await tx
      .select({ open: sql<number>`count(*)::int` })
      .from(receptionFollowUps)
      .where(and(eq(receptionFollowUps.receptionId, reception.id), eq(receptionFollowUps.state, 'abierto')));
    let state = reception.state;
    if (open === 0 && reception.state === 'observada')
      state = (await receptionEventIn(tx, user, t, reception, { type: 'reception.resolve' })).state;
    else await tx.update(receptions).set({ updatedAt: new Date() }).where(eq(receptions.id, reception.id));
    await announceReceptionChange(
      tx,
      { companyId: reception.companyId, projectId: reception.projectId, actorId: user.id, action: 'followUp.close' },
      { reception_id: reception.id, state },
    );
  });
  await replacePhotos(deps, user.companyId, entity, photos);
}

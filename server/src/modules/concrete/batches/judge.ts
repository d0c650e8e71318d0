import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { evaluateBatch, specifiedStrengthOf, type AcceptanceVerdict } from '#domain/concrete';
import {
  BATCH_NONCONFORMING_NOTIFICATION,
  CONCRETE_PLACEMENT_CHANGED_EVENT,
  PLACEMENT_POURED_STATES,
  batchCommands,
} from '#domain/concrete-placements';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import { batchMachine, type BatchEvent } from '#machines/concrete-batch';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { concreteBatches, concretePlacements, concreteSamples, concreteTypes } from '../../../db/schema/index.ts';
import { staffWithFlagSeeing } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommandIn } from '../../../commands/runner.ts';
import { nextState } from '../../../commands/machine-check.ts';
import { concreteSettingsOf } from '../config/settings.ts';
import { batchLink, CONCRETE_ENTITY } from '../shared/events.ts';
import type { BatchRecord } from '../shared/scope.ts';

/**
 * How a batch changes state outside its own verb route (docs/decisions.md D-281): closed when a pour would overflow it,
 * and judged (machines/concrete-batch.ts batch.evaluate) whenever its placements' results change. Each transition
 * is checked by the machine and written like runCommand writes one: the state, a history row and an outbox event,
 * in the caller's transaction.
 */

/** Who set the change off: their permission is checked and their name is on the history. */
export type BatchActor = { user: SessionUser; t: Translate };

/**
 * Applies one batch event through the runner, inside the caller's transaction (runCommandIn), if the machine allows
 * it; answers the batch as written, or undefined when the machine refuses. A non-conforming verdict is announced as
 * BATCH_NONCONFORMING_NOTIFICATION to the project's Concrete staff; every other change as the placements' live event.
 */
export async function transitionBatch(
  tx: Tx,
  actor: BatchActor,
  batch: BatchRecord,
  event: BatchEvent,
  verdict?: AcceptanceVerdict,
): Promise<BatchRecord | undefined> {
  if (!nextState(batchMachine, { value: batch.state, context: {} }, event).ok) return undefined;
  const failing = event.type === 'batch.evaluate' && event.allTested && !event.conforming;
  const notify = failing
    ? await staffWithFlagSeeing(tx, batch.companyId, batch.projectId, MODULE_PERMISSIONS.concrete)
    : [];
  const { result } = await runCommandIn(tx, {
    machine: batchMachine,
    machineName: 'batch',
    entity: { type: CONCRETE_ENTITY.batch, id: batch.id, companyId: batch.companyId, projectId: batch.projectId },
    load: async () => ({ value: batch.state, context: {}, row: batch, projectId: batch.projectId }),
    event,
    commands: batchCommands,
    actor: actor.user,
    persist: async (inner, next) => {
      const effects = new Set(next.actions.map((a) => a.type));
      const now = new Date();
      const [row] = await inner
        .update(concreteBatches)
        .set({
          state: next.to,
          updatedAt: now,
          ...(event.type === 'batch.close' ? { closedAt: now } : {}),
          ...(effects.has('storeVerdict') ? { verdict: verdict ?? null, evaluatedAt: now } : {}),
          ...(effects.has('clearVerdict') ? { verdict: null, evaluatedAt: null } : {}),
        })
        .where(eq(concreteBatches.id, batch.id))
        .returning();
      return row;
    },
    userId: actor.user.id,
    t: actor.t,
    eventType: failing ? BATCH_NONCONFORMING_NOTIFICATION : CONCRETE_PLACEMENT_CHANGED_EVENT,
    data: {
      placement_ids: [],
      batch_ids: [batch.id],
      ref: `L-${batch.number}`,
      subject: verdict ? `${verdict.mean.toFixed(1).replace('.', ',')} MPa` : '',
    },
    notify,
    link: batchLink(batch.id),
  });
  return result;
}

/** The acceptance results of a batch in sampling order (pour day, placement number, sample order). */
export async function batchResults(tx: DbOrTx, batchId: number) {
  return tx
    .select({
      sample: concreteSamples,
      placementId: concretePlacements.id,
      placementNumber: concretePlacements.number,
      placementState: concretePlacements.state,
    })
    .from(concreteSamples)
    .innerJoin(concretePlacements, eq(concretePlacements.id, concreteSamples.placementId))
    .where(eq(concretePlacements.batchId, batchId))
    .orderBy(
      asc(concretePlacements.pouredOn),
      asc(concretePlacements.number),
      asc(concreteSamples.position),
      asc(concreteSamples.id),
    );
}

/**
 * Judges a closed (or already judged) batch: when every poured placement of it is tested, evaluateBatch over its
 * acceptance results decides conforming or not; otherwise a judged batch goes back to closed. Nothing is written
 * when neither the state nor the verdict changes. An open batch is not judged.
 */
export async function judgeBatch(tx: Tx, actor: BatchActor, batchId: number): Promise<void> {
  const [batch] = await tx.select().from(concreteBatches).where(eq(concreteBatches.id, batchId)).for('update');
  if (!batch || batch.state === 'abierto') return;
  const placements = await tx
    .select({ state: concretePlacements.state })
    .from(concretePlacements)
    .where(
      and(eq(concretePlacements.batchId, batchId), inArray(concretePlacements.state, [...PLACEMENT_POURED_STATES])),
    );
  const allTested = placements.length > 0 && placements.every((p) => p.state === 'ensayado');
  if (!allTested) {
    await transitionBatch(tx, actor, batch, { type: 'batch.evaluate', allTested: false, conforming: false });
    return;
  }
  const results = (await batchResults(tx, batchId))
    .map((r) => r.sample.acceptanceMpa)
    .filter((v): v is number => v !== null);
  const [type] = await tx.select().from(concreteTypes).where(eq(concreteTypes.id, batch.concreteTypeId));
  const settings = await concreteSettingsOf(tx, batch.companyId);
  const verdict = evaluateBatch(results, specifiedStrengthOf(type.grade), settings);
  // Compared as values: jsonb stores the keys in its own order, so the stored verdict never serialises alike.
  const unchanged =
    (batch.state === 'conforme' || batch.state === 'no_conforme') && isDeepStrictEqual(batch.verdict, verdict);
  if (unchanged) return;
  const event = { type: 'batch.evaluate', allTested: true, conforming: verdict.conforming } as const;
  const written = await transitionBatch(tx, actor, batch, event, verdict);
  // Same state, a new verdict (a corrected result that does not change the outcome): only the verdict is stored.
  if (!written)
    await tx
      .update(concreteBatches)
      .set({ verdict, evaluatedAt: new Date(), updatedAt: new Date() })
      .where(eq(concreteBatches.id, batchId));
}

const addDays = (isoDay: string, days: number) => {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** The last day a pour may join a batch opened on `openedOn` that holds `daysMax` days. */
export const closesOn = (openedOn: string, daysMax: number) => addDays(openedOn, daysMax - 1);

/**
 * Puts a poured placement in its type's open batch (docs/decisions.md D-281): the open batch closes first when the
 * pour falls after its last day or would pass its m3; a new batch opens then, with the settings' limits of today. A
 * batch that reaches its m3 exactly closes at once. Answers the batch id and the batches touched.
 */
export async function joinBatch(
  tx: Tx,
  actor: BatchActor,
  placement: { id: number; companyId: number; projectId: number; concreteTypeId: number; m3: number },
  pouredOn: string,
): Promise<{ batchId: number; touched: number[] }> {
  const touched: number[] = [];
  const [open] = await tx
    .select()
    .from(concreteBatches)
    .where(
      and(
        eq(concreteBatches.projectId, placement.projectId),
        eq(concreteBatches.concreteTypeId, placement.concreteTypeId),
        eq(concreteBatches.state, 'abierto'),
      ),
    )
    .orderBy(asc(concreteBatches.id))
    .limit(1)
    .for('update');
  let batch: BatchRecord | undefined = open;
  if (batch) {
    const m3 = await batchM3(tx, batch.id);
    const fits = pouredOn <= closesOn(batch.openedOn, batch.daysMax) && m3 + placement.m3 <= batch.m3Max + 1e-9;
    if (!fits) {
      touched.push(batch.id);
      await transitionBatch(tx, actor, batch, { type: 'batch.close' });
      await judgeBatch(tx, actor, batch.id);
      batch = undefined;
    }
  }
  if (!batch) {
    const settings = await concreteSettingsOf(tx, placement.companyId);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${concreteBatches.number}), 0) + 1` })
      .from(concreteBatches)
      .where(eq(concreteBatches.projectId, placement.projectId));
    [batch] = await tx
      .insert(concreteBatches)
      .values({
        companyId: placement.companyId,
        projectId: placement.projectId,
        number: Number(next),
        concreteTypeId: placement.concreteTypeId,
        openedOn: pouredOn,
        m3Max: settings.batch_m3_max,
        daysMax: settings.batch_days_max,
      })
      .returning();
  }
  await tx.update(concretePlacements).set({ batchId: batch.id }).where(eq(concretePlacements.id, placement.id));
  touched.push(batch.id);
  if ((await batchM3(tx, batch.id)) >= batch.m3Max - 1e-9)
    await transitionBatch(tx, actor, batch, { type: 'batch.close' });
  return { batchId: batch.id, touched };
}

/** The m3 of a batch's poured placements. */
export async function batchM3(tx: Tx, batchId: number): Promise<number> {
  const [{ m3 }] = await tx
    .select({ m3: sql<number>`coalesce(sum(${concretePlacements.m3}), 0)` })
    .from(concretePlacements)
    .where(
      and(eq(concretePlacements.batchId, batchId), inArray(concretePlacements.state, [...PLACEMENT_POURED_STATES])),
    );
  return Number(m3);
}

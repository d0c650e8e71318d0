import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CONCRETE_PLACEMENT_CHANGED_EVENT,
  placementCommands,
  type PlacementCommandType,
} from '#domain/concrete-placements';
import type { z } from 'zod';
import { placementMachine, type PlacementEvent } from '#machines/concrete-placement';
import type { Tx } from '../../../db/client.ts';
import {
  concreteDispatchGuides,
  concreteLaboratories,
  concretePlacementElements,
  concretePlacements,
  concreteSamples,
} from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { conflict, unprocessable, type FieldError } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { runCommandIn } from '../../../commands/runner.ts';
import { concreteSettingsOf } from '../config/settings.ts';
import { joinBatch, judgeBatch } from '../batches/judge.ts';
import { announcePlacementChange, CONCRETE_ENTITY, placementLink } from '../shared/events.ts';
import { loadPlacement, loadSample, type PlacementRecord } from '../shared/scope.ts';

/**
 * A placement's state changes (machines/concrete-placement.ts) through the runner: POST hormigon/vaciados/{id}/<verb>
 * and, for placement.test, the results of its samples. The machine's effects are performed here in the command's
 * transaction: the guides recorded and the batch joined on a pour, the samples recorded, the elements released on a
 * cancel, and the batch judged again when results change (docs/decisions.md D-281).
 */

type Body<T extends PlacementCommandType> = z.output<(typeof placementCommands)[T]['body']>;
export type PlacementCommandInput =
  | { type: 'placement.pour'; body: Body<'placement.pour'> }
  | { type: 'placement.sample'; body: Body<'placement.sample'> }
  | { type: 'placement.cancel'; body: Body<'placement.cancel'> };

const fmt = (n: number) => String(Math.round(n * 10) / 10).replace('.', ',');

/** A pour's guides: each within truck_m3_max, their sum within m3_tolerance_pct of the placement's m3. */
async function guideErrors(tx: Tx, placement: PlacementRecord, body: Body<'placement.pour'>): Promise<FieldError[]> {
  const settings = await concreteSettingsOf(tx, placement.companyId);
  const errors: FieldError[] = body.guides.flatMap((g, i) =>
    g.m3 > settings.truck_m3_max
      ? [{ field: `guides.${i}.m3`, key: 'validation.max_value', params: { max: fmt(settings.truck_m3_max) } }]
      : [],
  );
  const sum = body.guides.reduce((a, g) => a + g.m3, 0);
  const allowed = (placement.m3 * settings.m3_tolerance_pct) / 100;
  if (Math.abs(sum - placement.m3) > allowed + 1e-9)
    errors.push({
      field: 'guides',
      key: 'concrete.errors.guides_m3_mismatch',
      params: { sum: fmt(sum), m3: fmt(placement.m3), tolerance: fmt(settings.m3_tolerance_pct) },
    });
  return errors;
}

/** Samples: the company's active laboratories, guides of this placement, taken on or after the pour. */
async function sampleErrors(tx: Tx, placement: PlacementRecord, body: Body<'placement.sample'>): Promise<FieldError[]> {
  const [labs, guides] = await Promise.all([
    tx
      .select({ id: concreteLaboratories.id })
      .from(concreteLaboratories)
      .where(and(eq(concreteLaboratories.companyId, placement.companyId), eq(concreteLaboratories.active, true))),
    tx
      .select({ id: concreteDispatchGuides.id })
      .from(concreteDispatchGuides)
      .where(eq(concreteDispatchGuides.placementId, placement.id)),
  ]);
  const labIds = new Set(labs.map((l) => l.id));
  const guideIds = new Set(guides.map((g) => g.id));
  return body.samples.flatMap((s, i): FieldError[] => [
    ...(labIds.has(s.laboratory_id) ? [] : [{ field: `samples.${i}.laboratory_id`, key: 'validation.invalid' }]),
    ...(s.guide_id == null || guideIds.has(s.guide_id)
      ? []
      : [{ field: `samples.${i}.guide_id`, key: 'validation.invalid' }]),
    ...(placement.pouredOn && s.taken_on < placement.pouredOn
      ? [{ field: `samples.${i}.taken_on`, key: 'concrete.errors.sample_before_pour' }]
      : []),
  ]);
}

async function performEffects(
  tx: Tx,
  user: SessionUser,
  t: Translate,
  placement: PlacementRecord,
  input: PlacementCommandInput | { type: 'placement.test' },
  effects: Set<string>,
): Promise<number[]> {
  const batches: number[] = [];
  if (input.type === 'placement.pour') {
    await tx.insert(concreteDispatchGuides).values(
      input.body.guides.map((g, position) => ({
        companyId: placement.companyId,
        placementId: placement.id,
        number: g.number,
        truck: g.truck,
        m3: g.m3,
        arrivedAt: g.arrived_at,
        position,
      })),
    );
  }
  if (effects.has('joinBatch') && input.type === 'placement.pour') {
    const joined = await joinBatch(tx, { user, t }, placement, input.body.poured_on);
    batches.push(...joined.touched);
  }
  if (effects.has('recordSamples') && input.type === 'placement.sample') {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${concreteSamples.position}), -1) + 1` })
      .from(concreteSamples)
      .where(eq(concreteSamples.placementId, placement.id));
    await tx.insert(concreteSamples).values(
      input.body.samples.map((s, i) => ({
        companyId: placement.companyId,
        placementId: placement.id,
        code: s.code,
        guideId: s.guide_id ?? null,
        takenOn: s.taken_on,
        specimens: s.specimens,
        laboratoryId: s.laboratory_id,
        position: Number(next) + i,
      })),
    );
  }
  if (effects.has('releaseElements'))
    await tx
      .update(concretePlacementElements)
      .set({ released: true })
      .where(eq(concretePlacementElements.placementId, placement.id));
  if (effects.has('judgeBatch') && placement.batchId) {
    await judgeBatch(tx, { user, t }, placement.batchId);
    batches.push(placement.batchId);
  }
  return batches;
}

/** Runs one placement event inside the caller's transaction, the placement already locked and loaded. */
async function placementEventIn(
  tx: Tx,
  user: SessionUser,
  t: Translate,
  placement: PlacementRecord,
  input: PlacementCommandInput | { type: 'placement.test'; untested: number },
) {
  const event = (input.type === 'placement.test' ? input : { type: input.type }) as PlacementEvent;
  let batchIds: number[] = [];
  await runCommandIn(tx, {
    machine: placementMachine,
    machineName: 'placement',
    entity: { type: CONCRETE_ENTITY.placement, id: placement.id, companyId: placement.companyId },
    load: async () => ({ value: placement.state, context: {}, row: placement, projectId: placement.projectId }),
    event,
    commands: placementCommands,
    actor: user,
    persist: async (inner, next) => {
      const pouredOn = input.type === 'placement.pour' ? input.body.poured_on : placement.pouredOn;
      const [row] = await inner
        .update(concretePlacements)
        .set({ state: next.to, pouredOn, updatedAt: new Date() })
        .where(eq(concretePlacements.id, placement.id))
        .returning();
      const effects = new Set(next.actions.map((a) => a.type));
      batchIds = await performEffects(inner, user, t, row, input, effects);
      return row;
    },
    userId: user.id,
    t,
    eventType: CONCRETE_PLACEMENT_CHANGED_EVENT,
    data: () => ({ placement_ids: [placement.id], batch_ids: [...new Set(batchIds)], ref: `H-${placement.number}` }),
    link: placementLink(placement.id),
  });
}

/** POST hormigon/vaciados/{placementId}/<verb>: checks the body against the database, then the runner. */
export async function placementCommand(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: PlacementCommandInput,
  t: Translate,
): Promise<void> {
  await transactionWithEvents(deps, async (tx) => {
    const placement = await loadPlacement(tx, user, id, true);
    const errors =
      input.type === 'placement.pour'
        ? placement.state === 'programado'
          ? await guideErrors(tx, placement, input.body)
          : []
        : input.type === 'placement.sample'
          ? await sampleErrors(tx, placement, input.body)
          : [];
    if (errors.length) throw unprocessable(errors);
    await placementEventIn(tx, user, t, placement, input);
  });
}

/**
 * PUT hormigon/muestras/{sampleId}/resultados: writes a sample's strengths; the placement becomes tested when no
 * sample lacks its acceptance result (placement.test), back to sampled when one is cleared, and its batch is judged
 * again when an acceptance result changed.
 */
export async function writeSampleResults(
  deps: AppDeps,
  user: SessionUser,
  sampleId: number,
  body: { early_mpa?: number | null; acceptance_mpa?: number | null },
  t: Translate,
): Promise<number> {
  return transactionWithEvents(deps, async (tx) => {
    const { sample } = await loadSample(tx, user, sampleId);
    const placement = await loadPlacement(tx, user, sample.placementId, true);
    if (placement.state !== 'muestreado' && placement.state !== 'ensayado')
      throw conflict('concrete.errors.not_sampled');
    await tx
      .update(concreteSamples)
      .set({
        ...(body.early_mpa !== undefined ? { earlyMpa: body.early_mpa } : {}),
        ...(body.acceptance_mpa !== undefined ? { acceptanceMpa: body.acceptance_mpa } : {}),
        updatedAt: new Date(),
      })
      .where(eq(concreteSamples.id, sampleId));
    const [{ untested }] = await tx
      .select({ untested: sql<number>`count(*)` })
      .from(concreteSamples)
      .where(and(eq(concreteSamples.placementId, placement.id), isNull(concreteSamples.acceptanceMpa)));
    const missing = Number(untested);
    const changesState =
      (placement.state === 'muestreado' && missing === 0) || (placement.state === 'ensayado' && missing > 0);
    if (changesState) await placementEventIn(tx, user, t, placement, { type: 'placement.test', untested: missing });
    else {
      const acceptanceChanged = body.acceptance_mpa !== undefined && body.acceptance_mpa !== sample.acceptanceMpa;
      if (acceptanceChanged && placement.batchId) await judgeBatch(tx, { user, t }, placement.batchId);
      await tx.update(concretePlacements).set({ updatedAt: new Date() }).where(eq(concretePlacements.id, placement.id));
      await announcePlacementChange(
        tx,
        { companyId: placement.companyId, projectId: placement.projectId, actorId: user.id, action: 'sample.results' },
        { placement_ids: [placement.id], batch_ids: placement.batchId ? [placement.batchId] : [] },
      );
    }
    return placement.id;
  });
}

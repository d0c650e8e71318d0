import { and, eq } from 'drizzle-orm';
import { CONCRETE_SETTINGS_DEFAULTS, evaluateBatch, specifiedStrengthOf, type ConcreteGrade } from '#domain/concrete';
import type { BatchState, PlacementState } from '#domain/concrete-placements';
import { globalIdOf } from '../lib/ifc-generator.ts';
import type { Tx } from './client.ts';
import {
  concreteBatches,
  concreteCompanies,
  concreteDispatchGuides,
  concreteElements,
  concreteLaboratories,
  concreteModels,
  concretePlacementElements,
  concretePlacements,
  concreteSamples,
  concreteTypes,
  users,
} from './schema/index.ts';

/**
 * The demo project's pours (concrete/placements, concrete/advanceBim; docs/decisions.md D-281): the demo BIM model
 * (seed-quality-models.ts, the walls of server/src/lib/ifc-generator.ts DEMO_BUILDING, 60 per
 * storey) assigned to Concrete, and ten placements of its walls — a G25 batch a month ago that conforms, a G30 batch
 * whose 28-day results fail the default rule, this week's open G25 batch with pours sampled and waiting for results,
 * and two pours scheduled for the next days. Rows only, as the rules would have left them (verdicts by
 * evaluateBatch), so the seed stays quick.
 */

const DAY = 86_400_000;
const dayOf = (now: Date, offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
/** The GlobalIds of walls [from, to) of the demo building (ifc-generator.ts names them `<seed>:wall-<n>`). */
const walls = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => globalIdOf(`edificio-demo:wall-${from + i}`));

type Pour = {
  grade: ConcreteGrade;
  batch: number | null;
  state: PlacementState;
  scheduled: number;
  floor: number;
  walls: [number, number];
  m3: number;
  /** MPa at 7 days and at 28, one sample each; null: not yet tested. */
  results?: [number | null, number | null];
};

const POURS: Pour[] = [
  {
    grade: 'G25',
    batch: 1,
    state: 'ensayado',
    scheduled: -34,
    floor: 1,
    walls: [0, 20],
    m3: 12,
    results: [19.5, 28.5],
  },
  { grade: 'G25', batch: 1, state: 'ensayado', scheduled: -33, floor: 1, walls: [20, 40], m3: 12, results: [18.9, 27] },
  {
    grade: 'G25',
    batch: 1,
    state: 'ensayado',
    scheduled: -32,
    floor: 1,
    walls: [40, 60],
    m3: 12,
    results: [20.1, 29.5],
  },
  { grade: 'G30', batch: 2, state: 'ensayado', scheduled: -31, floor: 2, walls: [60, 80], m3: 12, results: [22.4, 31] },
  {
    grade: 'G30',
    batch: 2,
    state: 'ensayado',
    scheduled: -30,
    floor: 2,
    walls: [80, 100],
    m3: 12,
    results: [20.8, 27.5],
  },
  {
    grade: 'G30',
    batch: 2,
    state: 'ensayado',
    scheduled: -29,
    floor: 2,
    walls: [100, 120],
    m3: 12,
    results: [19.6, 25.5],
  },
  {
    grade: 'G25',
    batch: 3,
    state: 'muestreado',
    scheduled: -6,
    floor: 3,
    walls: [120, 140],
    m3: 12,
    results: [18.2, null],
  },
  { grade: 'G25', batch: 3, state: 'muestreado', scheduled: -3, floor: 3, walls: [140, 160], m3: 12 },
  { grade: 'G25', batch: 3, state: 'vaciado', scheduled: 0, floor: 3, walls: [160, 180], m3: 12 },
  { grade: 'G25', batch: null, state: 'programado', scheduled: 1, floor: 4, walls: [180, 200], m3: 12 },
  { grade: 'G25', batch: null, state: 'programado', scheduled: 2, floor: 4, walls: [200, 220], m3: 12 },
];

const BATCH_STATE: Record<number, BatchState> = { 1: 'conforme', 2: 'no_conforme', 3: 'abierto' };

export async function seedConcretePlacements(
  tx: Tx,
  input: { companyId: number; projectId: number; modelId: number; now: Date },
) {
  const { companyId, projectId, modelId, now } = input;
  const byCompany = { companyId } as const;
  const [[admin], types, [supplier], [lab], [wall]] = await Promise.all([
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.username, 'admin'))),
    tx
      .select()
      .from(concreteTypes)
      .where(and(eq(concreteTypes.companyId, companyId), eq(concreteTypes.active, true))),
    tx
      .select()
      .from(concreteCompanies)
      .where(and(eq(concreteCompanies.companyId, companyId), eq(concreteCompanies.homologated, true)))
      .limit(1),
    tx.select().from(concreteLaboratories).where(eq(concreteLaboratories.companyId, companyId)).limit(1),
    tx
      .select()
      .from(concreteElements)
      .where(and(eq(concreteElements.companyId, companyId), eq(concreteElements.name, 'Muro'))),
  ]);
  const typeOf = (grade: ConcreteGrade) => types.find((t) => t.grade === grade)!;
  await tx.insert(concreteModels).values({ ...byCompany, projectId, modelId, assignedBy: admin?.id ?? null });

  const batchIds = new Map<number, number>();
  for (const number of [1, 2, 3]) {
    const first = POURS.find((p) => p.batch === number)!;
    const [batch] = await tx
      .insert(concreteBatches)
      .values({
        ...byCompany,
        projectId,
        number,
        concreteTypeId: typeOf(first.grade).id,
        state: 'abierto',
        openedOn: dayOf(now, first.scheduled),
        m3Max: CONCRETE_SETTINGS_DEFAULTS.batch_m3_max,
        daysMax: CONCRETE_SETTINGS_DEFAULTS.batch_days_max,
      })
      .returning();
    batchIds.set(number, batch.id);
  }

  for (const [i, pour] of POURS.entries()) {
    const poured = pour.state !== 'programado';
    const [placement] = await tx
      .insert(concretePlacements)
      .values({
        ...byCompany,
        projectId,
        number: i + 1,
        state: pour.state,
        elementId: wall.id,
        m3: pour.m3,
        location: `Piso ${pour.floor}`,
        unit: 'Torre A',
        zoneCycle: `Ciclo ${(i % 3) + 1}`,
        axis1: 'A',
        axis2: 'D',
        axis3: String(1 + (i % 3) * 2),
        axis4: String(2 + (i % 3) * 2),
        concreteCompanyId: supplier.id,
        concreteTypeId: typeOf(pour.grade).id,
        scheduledOn: dayOf(now, pour.scheduled),
        pouredOn: poured ? dayOf(now, pour.scheduled) : null,
        batchId: pour.batch ? batchIds.get(pour.batch)! : null,
        notes: null,
        createdBy: admin?.id ?? null,
      })
      .returning();
    await tx
      .insert(concretePlacementElements)
      .values(walls(...pour.walls).map((globalId) => ({ placementId: placement.id, projectId, globalId })));
    if (!poured) continue;
    const guides = await tx
      .insert(concreteDispatchGuides)
      .values([
        {
          ...byCompany,
          placementId: placement.id,
          number: `GD-${4100 + i * 2}`,
          truck: 'KDJT-21',
          m3: 8,
          arrivedAt: '08:40:00',
          position: 0,
        },
        {
          ...byCompany,
          placementId: placement.id,
          number: `GD-${4101 + i * 2}`,
          truck: 'LPRS-07',
          m3: 4,
          arrivedAt: '09:25:00',
          position: 1,
        },
      ])
      .returning();
    if (pour.state === 'vaciado') continue;
    await tx.insert(concreteSamples).values({
      ...byCompany,
      placementId: placement.id,
      code: `M-${i + 1}`,
      guideId: guides[0].id,
      takenOn: dayOf(now, pour.scheduled),
      specimens: 3,
      laboratoryId: lab.id,
      earlyMpa: pour.results?.[0] ?? null,
      acceptanceMpa: pour.results?.[1] ?? null,
    });
  }

  for (const [number, state] of Object.entries(BATCH_STATE)) {
    if (state === 'abierto') continue;
    const pours = POURS.filter((p) => p.batch === Number(number));
    const results = pours.map((p) => p.results![1]!);
    const verdict = evaluateBatch(results, specifiedStrengthOf(pours[0].grade), CONCRETE_SETTINGS_DEFAULTS);
    await tx
      .update(concreteBatches)
      .set({ state, verdict, closedAt: now, evaluatedAt: now })
      .where(eq(concreteBatches.id, batchIds.get(Number(number))!));
  }
}

import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  concreteBatches,
  concreteCompanies,
  concreteElements,
  concreteLaboratories,
  concretePlacements,
  concreteSamples,
  concreteTypes,
} from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The Concrete records a route parameter may stand for. */
export type ConcreteSamples = {
  concreteElement?: number;
  concreteLaboratory?: number;
  concreteCompany?: number;
  concreteType?: number;
  placement?: number;
  concreteSample?: number;
  batch?: number;
};

/** `kindOf` for the Concrete routes' parameters (server/src/modules/concrete/config/routes.ts names them so). */
export const CONCRETE_PARAM_KINDS = {
  elementId: 'concreteElement',
  laboratoryId: 'concreteLaboratory',
  concreteCompanyId: 'concreteCompany',
  concreteTypeId: 'concreteType',
  placementId: 'placement',
  sampleId: 'concreteSample',
  batchId: 'batch',
} as const;

async function firstOf(ctx: TestContext, table: PgTable, id: PgColumn, companyColumn: PgColumn, companyId: number) {
  const [row] = await ctx.db.select({ id }).from(table).where(eq(companyColumn, companyId)).orderBy(asc(id)).limit(1);
  return row?.id as number | undefined;
}

/** The company's first element, laboratory, concrete company and type; its first placement, sample and batch. */
export async function concreteSamplesIn(
  ctx: TestContext,
  companyId: number,
  projectId?: number,
): Promise<ConcreteSamples> {
  const inProject = (company: PgColumn, project: PgColumn) =>
    and(eq(company, companyId), projectId === undefined ? undefined : eq(project, projectId));
  const [placement] = await ctx.db
    .select({ id: concretePlacements.id })
    .from(concretePlacements)
    .where(inProject(concretePlacements.companyId, concretePlacements.projectId))
    .orderBy(asc(concretePlacements.id))
    .limit(1);
  const [sample] = placement
    ? await ctx.db
        .select({ id: concreteSamples.id })
        .from(concreteSamples)
        .where(eq(concreteSamples.placementId, placement.id))
        .limit(1)
    : [];
  const [batch] = await ctx.db
    .select({ id: concreteBatches.id })
    .from(concreteBatches)
    .where(inProject(concreteBatches.companyId, concreteBatches.projectId))
    .orderBy(asc(concreteBatches.id))
    .limit(1);
  return {
    placement: placement?.id,
    concreteSample: sample?.id,
    batch: batch?.id,
    concreteElement: await firstOf(ctx, concreteElements, concreteElements.id, concreteElements.companyId, companyId),
    concreteLaboratory: await firstOf(
      ctx,
      concreteLaboratories,
      concreteLaboratories.id,
      concreteLaboratories.companyId,
      companyId,
    ),
    concreteCompany: await firstOf(
      ctx,
      concreteCompanies,
      concreteCompanies.id,
      concreteCompanies.companyId,
      companyId,
    ),
    concreteType: await firstOf(ctx, concreteTypes, concreteTypes.id, concreteTypes.companyId, companyId),
  };
}

/**
 * Concrete's configuration is the company's, not a project's: a company that has some (the demo's seed) lends its
 * first entry of each catalogue, so no record named by the marker shows in its own lists; one without (the other
 * company) gets an element, a laboratory, a concrete company and a type written straight to the tables, named by
 * `marker`.
 */
export async function concreteRecordsIn(
  ctx: TestContext,
  at: { companyId: number; projectId: number; marker: string },
): Promise<ConcreteSamples> {
  const { companyId, projectId, marker } = at;
  const db = ctx.db;
  const s = await concreteSamplesIn(ctx, companyId);
  s.concreteElement ??= (await db.insert(concreteElements).values({ companyId, name: marker }).returning())[0].id;
  s.concreteLaboratory ??= (
    await db.insert(concreteLaboratories).values({ companyId, name: marker, email: 'lab@barrido.cl' }).returning()
  )[0].id;
  s.concreteCompany ??= (
    await db.insert(concreteCompanies).values({ companyId, name: marker, homologated: true }).returning()
  )[0].id;
  s.concreteType ??= (
    await db
      .insert(concreteTypes)
      .values({ companyId, grade: 'G25', confidence: 90, aggregateMm: 20, slumpCm: 10, description: marker })
      .returning()
  )[0].id;
  // A sampled placement of the project in a closed batch, so every placement, sample and batch route reaches one.
  const [batch] = await db
    .insert(concreteBatches)
    .values({
      companyId,
      projectId,
      number: 900_000 + (s.concreteType % 1000),
      concreteTypeId: s.concreteType,
      state: 'cerrado',
      openedOn: '2030-01-07',
      m3Max: 120,
      daysMax: 14,
    })
    .returning();
  const [placement] = await db
    .insert(concretePlacements)
    .values({
      companyId,
      projectId,
      number: 900_000 + (batch.id % 1000),
      state: 'muestreado',
      elementId: s.concreteElement,
      m3: 8,
      location: marker,
      unit: marker,
      zoneCycle: marker,
      concreteCompanyId: s.concreteCompany,
      concreteTypeId: s.concreteType,
      scheduledOn: '2030-01-07',
      pouredOn: '2030-01-07',
      batchId: batch.id,
    })
    .returning();
  const [sample] = await db
    .insert(concreteSamples)
    .values({
      companyId,
      placementId: placement.id,
      code: marker.slice(0, 30),
      takenOn: '2030-01-07',
      specimens: 3,
      laboratoryId: s.concreteLaboratory,
    })
    .returning();
  return { ...s, placement: placement.id, concreteSample: sample.id, batch: batch.id };
}

import { and, asc, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  concreteBatches,
  concreteCompanies,
  concreteDocuments,
  concreteElements,
  concreteLaboratories,
  concretePlacements,
  concreteSamples,
  concreteTypes,
  files,
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
  concreteDocument?: number;
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
  documentId: 'concreteDocument',
} as const;

async function firstOf(ctx: TestContext, table: PgTable, id: PgColumn, companyColumn: PgColumn, companyId: number) {
  const [row] = await ctx.db.select({ id }).from(table).where(eq(companyColumn, companyId)).orderBy(asc(id)).limit(1);
  return row?.id as number | undefined;
}

/**
 * The company's first element, laboratory, concrete company and type; its first placement, sample, batch and
 * supporting document (the demo seed has none: recordsIn writes one).
 */
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
  const [document] = await ctx.db
    .select({ id: concreteDocuments.id })
    .from(concreteDocuments)
    .where(inProject(concreteDocuments.companyId, concreteDocuments.projectId))
    .orderBy(asc(concreteDocuments.id))
    .limit(1);
  return {
    placement: placement?.id,
    concreteSample: sample?.id,
    batch: batch?.id,
    concreteDocument: document?.id,
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
  const [topBatch] = await db
    .select({ number: concreteBatches.number })
    .from(concreteBatches)
    .where(eq(concreteBatches.projectId, projectId))
    .orderBy(desc(concreteBatches.number))
    .limit(1);
  const [batch] = await db
    .insert(concreteBatches)
    .values({
      companyId,
      projectId,
      // Several record sets may share a project (the owner's and the caller's own): numbers stay unique per project.
      number: Math.max(900_000, (topBatch?.number ?? 0) + 1),
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
  // A supporting document of that placement, its PDF attached to it as the uploader leaves it.
  const [pdf] = await db
    .insert(files)
    .values({
      companyId,
      path: `${companyId}/2030/01/${marker}-${placement.id}.pdf`.replace(/[^\w/.-]/g, '-'),
      name: `${marker}.pdf`,
      extension: 'pdf',
      mime: 'application/pdf',
      category: 'document',
      context: 'general',
      status: 'uploaded',
      maxBytes: 1,
      size: 1,
      expiresAt: new Date('2030-01-07'),
    })
    .returning();
  const [document] = await db
    .insert(concreteDocuments)
    .values({ companyId, projectId, kind: 'guia_despacho', fileId: pdf.id, placementId: placement.id })
    .returning();
  await db.update(files).set({ entityType: 'concrete_document', entityId: document.id }).where(eq(files.id, pdf.id));
  return {
    ...s,
    placement: placement.id,
    concreteSample: sample.id,
    batch: batch.id,
    concreteDocument: document.id,
  };
}

import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  bimModelFiles,
  bimModels,
  files,
  qualityActivities,
  qualityActivityLinks,
  qualityAttributes,
  qualityAttributeValues,
} from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The Quality records a route parameter may stand for. */
export type QualitySamples = {
  bimModel?: number;
  bimModelFile?: number;
  qualityActivity?: number;
  qualityLink?: number;
  qualityAttribute?: number;
  qualityValue?: number;
};

/** `kindOf` for the Quality routes' parameters (server/src/modules/quality names them so). */
export const QUALITY_PARAM_KINDS = {
  modelId: 'bimModel',
  modelFileId: 'bimModelFile',
  activityId: 'qualityActivity',
  dependencyId: 'qualityLink',
  attributeId: 'qualityAttribute',
  valueId: 'qualityValue',
} as const;

/**
 * A model of `projectId` with one failed IFC file (nothing for the queue to pick up), two linked activities and an
 * attribute with a value, written straight to the tables; every name carries `marker`.
 */
export async function qualityRecordsIn(
  ctx: TestContext,
  at: { companyId: number; projectId: number; userId: number; marker: string },
): Promise<QualitySamples> {
  const { companyId, projectId, userId, marker } = at;
  const db = ctx.db;
  const [model] = await db.insert(bimModels).values({ companyId, projectId, name: marker }).returning();
  const [ifc] = await db
    .insert(files)
    .values({
      companyId,
      path: `${companyId}/sweep/${marker}-${projectId}.ifc`.replace(/[^\w/.-]/g, '-'),
      name: `${marker}.ifc`,
      extension: 'ifc',
      mime: 'application/octet-stream',
      category: 'cad',
      context: 'uploader',
      status: 'uploaded',
      maxBytes: 1,
      size: 1,
      uploadedBy: userId,
      entityType: 'bim_model',
      entityId: model.id,
      expiresAt: new Date('2100-01-01'),
    })
    .returning();
  const [modelFile] = await db
    .insert(bimModelFiles)
    .values({ companyId, modelId: model.id, fileId: ifc.id, stage: 'estructura', state: 'error', error: 'x' })
    .returning();
  const [first, second] = await db
    .insert(qualityActivities)
    .values([
      {
        companyId,
        projectId,
        description: marker,
        position: 0,
        estimatedStart: '2030-01-07',
        estimatedEnd: '2030-01-10',
      },
      { companyId, projectId, description: `${marker} 2`, position: 1 },
    ])
    .returning();
  const [link] = await db
    .insert(qualityActivityLinks)
    .values({ companyId, projectId, sourceId: first.id, targetId: second.id, type: 'fs' })
    .returning();
  // Attributes are the company's, not a project's (docs/decisions.md D-274): a company that has some (the demo's
  // seed) lends its first value; one without gets an attribute and a value named by the marker.
  const [existing] = await db
    .select({ attributeId: qualityAttributeValues.attributeId, valueId: qualityAttributeValues.id })
    .from(qualityAttributeValues)
    .where(eq(qualityAttributeValues.companyId, companyId))
    .orderBy(asc(qualityAttributeValues.id))
    .limit(1);
  let attributeId = existing?.attributeId;
  let valueId = existing?.valueId;
  if (attributeId === undefined || valueId === undefined) {
    const [attribute] = await db
      .insert(qualityAttributes)
      .values({ companyId, name: `${marker} ${projectId}` })
      .returning();
    const [value] = await db
      .insert(qualityAttributeValues)
      .values({ companyId, attributeId: attribute.id, name: marker })
      .returning();
    attributeId = attribute.id;
    valueId = value.id;
  }
  return {
    bimModel: model.id,
    bimModelFile: modelFile.id,
    qualityActivity: first.id,
    qualityLink: link.id,
    qualityAttribute: attributeId,
    qualityValue: valueId,
  };
}

/** The company's first records of each kind (in `projectId` when given), for routes whose path names one. */
export async function qualitySamplesIn(
  ctx: TestContext,
  companyId: number,
  projectId?: number,
): Promise<QualitySamples> {
  const db = ctx.db;
  const firstId = async (q: Promise<{ id: number }[]>) => (await q)[0]?.id;
  const inProject = (company: PgColumn, project: PgColumn) =>
    and(eq(company, companyId), projectId === undefined ? undefined : eq(project, projectId));
  const bimModel = await firstId(
    db
      .select({ id: bimModels.id })
      .from(bimModels)
      .where(inProject(bimModels.companyId, bimModels.projectId))
      .orderBy(asc(bimModels.id))
      .limit(1),
  );
  const qualityActivity = await firstId(
    db
      .select({ id: qualityActivities.id })
      .from(qualityActivities)
      .where(inProject(qualityActivities.companyId, qualityActivities.projectId))
      .orderBy(asc(qualityActivities.id))
      .limit(1),
  );
  const qualityAttribute = await firstId(
    db
      .select({ id: qualityAttributes.id })
      .from(qualityAttributes)
      .where(eq(qualityAttributes.companyId, companyId))
      .orderBy(asc(qualityAttributes.id))
      .limit(1),
  );
  return {
    bimModel,
    bimModelFile:
      bimModel === undefined
        ? undefined
        : await firstId(
            db
              .select({ id: bimModelFiles.id })
              .from(bimModelFiles)
              .where(eq(bimModelFiles.modelId, bimModel))
              .orderBy(asc(bimModelFiles.id))
              .limit(1),
          ),
    qualityActivity,
    qualityLink: await firstId(
      db
        .select({ id: qualityActivityLinks.id })
        .from(qualityActivityLinks)
        .where(inProject(qualityActivityLinks.companyId, qualityActivityLinks.projectId))
        .orderBy(asc(qualityActivityLinks.id))
        .limit(1),
    ),
    qualityAttribute,
    qualityValue:
      qualityAttribute === undefined
        ? undefined
        : await firstId(
            db
              .select({ id: qualityAttributeValues.id })
              .from(qualityAttributeValues)
              .where(eq(qualityAttributeValues.attributeId, qualityAttribute))
              .orderBy(asc(qualityAttributeValues.id))
              .limit(1),
          ),
  };
}

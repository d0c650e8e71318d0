import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { webhookRecordsIn } from './webhook-records.ts';
import { cboxSharingRecordsIn } from './cbox-sharing-records.ts';
import { cmanagementRecordsIn } from './cmanagement-records.ts';
import { qualityRecordsIn } from './quality-records.ts';
import { concreteRecordsIn } from './concrete-records.ts';
import { verificationsRecordsIn } from './verifications-records.ts';
import { billingRecordsIn } from './billing-records.ts';
import type { TestContext } from '../../server/src/test-support.ts';
import {
  acs,
  apiApps,
  cboxFiles,
  cboxUploads,
  integrationJobs,
  courseAssignments,
  courses,
  workers,
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  deliveryCertificates,
  deliveryFichas,
  deliveryRevisionResults,
  deliverySchedules,
  failures,
  files,
  notifications,
  orderFailures,
  orders,
  owners,
  positions,
  profiles,
  projectSettings,
  savedViews,
  ticketMessages,
  tickets,
  unitOwners,
  unitTypePlans,
  unitTypes,
  units,
} from '../../server/src/db/schema/index.ts';
import { storageOf } from '../../server/src/storage/index.ts';
import { CBOX_LIMITS } from '#domain/cbox';
import { first, samplesIn, type Samples } from './route-samples.ts';

/** A 1×1 PNG: enough for the upload checks (magic number, size, type); the sweeps' one image. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A signed upload URL for a small PNG (POST files/upload-url as `cookie`): the credential of PUT /storage/o/*. */
export async function signedPut(ctx: TestContext, cookie: string) {
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension: 'png', name: 'barrido.png', size: PNG.length, contentType: 'image/png' },
  });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  return signed.json.data as { url: string; path: string; contentType: string; headers?: Record<string, string> };
}

/** Bytes of a stored file: the PNG (attachments, logos and signatures are images) or a minimal PDF. */
const BYTES = { png: PNG, pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n') };

export type RecordSet = {
  samples: Samples;
  /** A file of each owning record: message attachments (public, private), certificate, plan, project logo, owner's signature on the act. */
  files: Record<'public' | 'private' | 'certificate' | 'plan' | 'logo' | 'signature', string>;
};

/**
 * A full set of records written straight to the tables, in any company and project (the seed's other
 * company is nearly empty): an owner of the unit, a ticket with a failure, an OI and an AC, a delivery
 * schedule, a catalogue branch under the unit's type, a certificate, a plan, the project's logo, the
 * owner's signature on the act, message attachments (public and private) with their bytes in storage,
 * and a notification for `userId`, who is also the uploader. Every name carries `marker`, so
 * a sweep can tell when one of these records reaches a response body.
 */
export async function recordsIn(
  ctx: TestContext,
  at: {
    companyId: number;
    projectId: number;
    unitId: number;
    userId: number;
    marker: string;
    /** Also the records of the company as a whole (workers, courses); a project's or owner's set has none. */
    companyLevel?: boolean;
  },
): Promise<RecordSet> {
  const { companyId, projectId, unitId, userId, marker } = at;
  const db = ctx.db;
  const [unit] = await db.select().from(units).where(eq(units.id, unitId));
  const [owner] = await db.insert(owners).values({ companyId, name: marker, lastName: 'Externo' }).returning();
  await db.insert(unitOwners).values({ companyId, unitId, ownerId: owner.id }).onConflictDoNothing();
  const n = 90_000 + unitId;
  const [t] = await db
    .insert(tickets)
    .values({
      companyId,
      projectId,
      unitId,
      towerId: unit.towerId,
      number: n,
      code: `${marker}-T`,
      subject: `${marker} solicitud`,
      applicantOwnerId: owner.id,
      origin: 'CALL',
      state: 'abierta',
    })
    .returning();
  const [a] = await db
    .insert(acs)
    .values({ companyId, projectId, ticketId: t.id, number: n, code: `${marker}-AC`, state: 'pendiente' })
    .returning();
  const [f] = await db
    .insert(failures)
    .values({
      companyId,
      projectId,
      ticketId: t.id,
      unitId,
      placeName: marker,
      itemName: 'Muebles',
      detailName: 'Puerta',
      category: 'terminaciones',
      severity: 'leve',
      state: 'solucionada',
      guaranteeYears: 3,
      guaranteeStart: '2025-01-01',
      guaranteeEnd: '2028-01-01',
      acId: a.id,
    })
    .returning();
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  const [o] = await db
    .insert(orders)
    .values({
      companyId,
      projectId,
      ticketId: t.id,
      kind: 'OI',
      number: n,
      code: `${marker}-OI`,
      state: 'agendada',
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      durationMinutes: 60,
    })
    .returning();
  await db.insert(orderFailures).values({ orderId: o.id, failureId: f.id, companyId });
  await db
    .insert(deliverySchedules)
    .values({ companyId, projectId, unitId, startAt: start, state: 'por_confirmar' })
    .onConflictDoNothing();
  const schedule = await first(ctx, deliverySchedules, deliverySchedules.id, eq(deliverySchedules.unitId, unitId));
  const unitTypeId =
    unit.unitTypeId ??
    (await db.insert(unitTypes).values({ companyId, name: marker, category: 'departamento' }).returning())[0].id;
  const catalogue = await samplesIn(ctx, companyId);
  if (catalogue.failureType === undefined) {
    // The catalogue belongs to the company: a branch is added only where there is none (the other company).
    const [area] = await db.insert(catalogueAreas).values({ companyId, unitTypeId, name: marker }).returning();
    const [place] = await db.insert(cataloguePlaces).values({ companyId, areaId: area.id, name: marker }).returning();
    const [item] = await db
      .insert(catalogueItems)
      .values({ companyId, placeId: place.id, name: marker, category: 'terminaciones' })
      .returning();
    const [failureType] = await db
      .insert(catalogueFailureTypes)
      .values({ companyId, itemId: item.id, name: marker })
      .returning();
    Object.assign(catalogue, { area: area.id, place: place.id, item: item.id, failureType: failureType.id });
  }

  const stored = async (name: string, extension: 'png' | 'pdf', entityType: string, entityId: number) => {
    const [path, type, body] = [
      `${companyId}/2030/01/${randomUUID()}.${extension}`,
      extension === 'png' ? 'image/png' : 'application/pdf',
      BYTES[extension],
    ];
    await storageOf(ctx.deps).writeSmall(path, body, type);
    await db.insert(files).values({
      companyId,
      path,
      name: `${marker} ${name}.${extension}`,
      extension,
      mime: type,
      category: extension === 'png' ? 'image' : 'document',
      context: 'general',
      status: 'uploaded',
      maxBytes: body.length,
      size: body.length,
      uploadedBy: userId,
      entityType,
      entityId,
      expiresAt: start,
      uploadedAt: new Date(),
    });
    return { path, name: `${marker} ${name}.${extension}`, size: body.length, type };
  };
  const pub = await stored('publico', 'png', 'ticket', t.id);
  const priv = await stored('privado', 'png', 'ticket_private', t.id);
  const [message] = await db
    .insert(ticketMessages)
    .values([
      { companyId, ticketId: t.id, authorId: userId, visibility: 'public', body: marker, attachments: [pub] },
      { companyId, ticketId: t.id, authorId: userId, visibility: 'private', body: marker, attachments: [priv] },
    ])
    .returning();
  const cert = await stored('certificado', 'pdf', 'unit_certificate', unitId);
  const [c] = await db
    .insert(deliveryCertificates)
    .values({
      companyId,
      unitId,
      path: cert.path,
      name: cert.name,
      size: cert.size,
      mime: cert.type,
      createdBy: userId,
    })
    .returning();
  // A revision failure of the unit, pinned on its plan routes (docs/product.md#defects-on-plans).
  const [revisionResult] = await db
    .insert(deliveryRevisionResults)
    .values({ companyId, projectId, unitId, placeName: marker, itemName: marker, outcome: 'falla' })
    .onConflictDoNothing()
    .returning();
  const plan = await stored('plano', 'pdf', 'unit_type_plan', unitTypeId);
  const [p] = await db
    .insert(unitTypePlans)
    .values({
      companyId,
      projectId,
      unitTypeId,
      path: plan.path,
      name: plan.name,
      size: plan.size,
      mime: plan.type,
      createdBy: userId,
    })
    .returning();
  const logo = await stored('logo', 'png', 'project_logo', projectId);
  await db
    .insert(projectSettings)
    .values({ projectId, companyId, logoPath: logo.path })
    .onConflictDoUpdate({ target: projectSettings.projectId, set: { logoPath: logo.path } });
  const signature = await stored('firma', 'png', 'unit_signature', unitId);
  await db
    .insert(deliveryFichas)
    .values({ unitId, companyId, projectId, ownerSignaturePath: signature.path })
    .onConflictDoUpdate({ target: deliveryFichas.unitId, set: { ownerSignaturePath: signature.path } });
  const [note] = await db
    .insert(notifications)
    .values({ companyId, userId, eventId: n, type: 'ticket.message', titleKey: marker, bodyKey: marker })
    .returning();
  // A personal view of `userId`: a colleague of the same company meets a 404 too, as for another company's.
  const [view] = await db
    .insert(savedViews)
    .values({ companyId, userId, list: 'solicitudes', name: marker, params: { search: marker } })
    .returning();
  const admin = at.companyLevel === false ? {} : await adminRecordsIn(ctx, companyId, userId, marker, start);
  // A library file of `userId` at the root of the company's library (Cbox is the company's, not a project's).
  let cboxFile: number | undefined;
  if (at.companyLevel !== false) {
    const bytes = await stored('biblioteca', 'pdf', 'cbox_file', 0);
    const [row] = await db.select().from(files).where(eq(files.path, bytes.path));
    const [libraryFile] = await db
      .insert(cboxFiles)
      .values({
        companyId,
        name: bytes.name,
        fileId: row.id,
        size: bytes.size,
        extension: 'pdf',
        category: 'document',
        mime: bytes.type,
        createdBy: userId,
      })
      .returning();
    await db.update(files).set({ entityId: libraryFile.id }).where(eq(files.id, row.id));
    cboxFile = libraryFile.id;
  }
  // Positions and profiles belong to the company: one is added only where there is none (the other company).
  const position =
    catalogue.position ?? (await db.insert(positions).values({ companyId, name: marker }).returning())[0].id;
  const profile =
    catalogue.profile ?? (await db.insert(profiles).values({ companyId, name: marker }).returning())[0].id;
  const cmanagement = await cmanagementRecordsIn(ctx, { companyId, projectId, userId, marker });
  const quality = await qualityRecordsIn(ctx, { companyId, projectId, userId, marker });
  const concrete = await concreteRecordsIn(ctx, { companyId, projectId, marker });
  const verifications = await verificationsRecordsIn(ctx, { companyId, projectId, marker });
  const billing = await billingRecordsIn(ctx, { companyId });
  return {
    samples: {
      ...admin,
      ...billing,
      ...cmanagement,
      ...quality,
      ...concrete,
      ...verifications,
      project: projectId,
      unit: unitId,
      owner: owner.id,
      ticket: t.id,
      failure: f.id,
      ac: a.id,
      message: message.id,
      order: o.id,
      schedule,
      unitType: unitTypeId,
      area: catalogue.area,
      place: catalogue.place,
      item: catalogue.item,
      failureType: catalogue.failureType,
      certificate: c.id,
      revisionResult: revisionResult?.id,
      plan: p.id,
      file: pub.path,
      notification: note.id,
      view: view.id,
      cboxFile,
      position,
      profile,
      room: `project:${projectId}`,
    },
    files: {
      public: pub.path,
      private: priv.path,
      certificate: cert.path,
      plan: plan.path,
      logo: logo.path,
      signature: signature.path,
    },
  };
}

/**
 * config trabajadores, cursos and integraciones: a worker, a course and its assignment to `userId` (mis-cursos is
 * theirs alone), an API app and a CRM/platform call that failed for good.
 */
async function adminRecordsIn(ctx: TestContext, companyId: number, userId: number, marker: string, expiresAt: Date) {
  const [worker] = await ctx.db
    .insert(workers)
    .values({ companyId, firstName: marker, lastName: 'Externo', contractType: 'indefinido', startDate: '2030-01-07' })
    .returning();
  const [course] = await ctx.db.insert(courses).values({ companyId, name: marker }).returning();
  const [assignment] = await ctx.db
    .insert(courseAssignments)
    .values({ companyId, courseId: course.id, userId, expiryDate: '2030-01-28', expiresAt })
    .returning();
  const [apiApp] = await ctx.db
    .insert(apiApps)
    .values({ companyId, name: marker, clientId: `app_${randomUUID()}`, secretHash: '0'.repeat(64), scope: [] })
    .returning();
  const [syncJob] = await ctx.db
    .insert(integrationJobs)
    .values({ companyId, kind: 'procore', action: 'observation.create', dedupeKey: marker, state: 'fallido' })
    .returning();
  // A library upload session of `userId` at the root, its multipart started in storage (nothing sent yet).
  const uploadPath = `${companyId}/2030/01/${randomUUID()}.pdf`;
  const uploadName = `${marker} subida.pdf`;
  const [pending] = await ctx.db
    .insert(files)
    .values({
      companyId,
      path: uploadPath,
      name: uploadName,
      extension: 'pdf',
      mime: 'application/pdf',
      category: 'document',
      context: 'library',
      maxBytes: CBOX_LIMITS.fileMaxBytes,
      uploadedBy: userId,
      expiresAt,
    })
    .returning();
  const [upload] = await ctx.db
    .insert(cboxUploads)
    .values({
      id: randomUUID(),
      companyId,
      userId,
      name: uploadName,
      size: 1000,
      fileId: pending.id,
      storageUploadId: await storageOf(ctx.deps).createMultipart(uploadPath, 'application/pdf'),
      partSize: CBOX_LIMITS.partBytes,
      expiresAt,
    })
    .returning();
  return {
    upload: upload.id,
    worker: worker.id,
    course: course.id,
    assignment: assignment.id,
    apiApp: apiApp.id,
    syncJob: syncJob.id,
    ...(await webhookRecordsIn(ctx, companyId, marker)),
    ...(await cboxSharingRecordsIn(ctx, companyId, userId, marker, expiresAt)),
  };
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RouteRow } from '../../server/src/http/route-table.ts';
import type { TestContext } from '../../server/src/test-support.ts';
import {
  acs, catalogueAreas, catalogueFailureTypes, catalogueItems, cataloguePlaces, deliveryCertificates, deliveryFichas, deliverySchedules, failures,
  files, notifications, orderFailures, orders, owners, projects, projectSettings, ticketMessages, tickets, unitOwners, unitTypePlans, unitTypes, units,
} from '../../server/src/db/schema/index.ts';
import { storageOf } from '../../server/src/storage/index.ts';

/**
 * What a route parameter stands for, read from the path segment before it. The sweeps fill each
 * route of the route table with a record of the right kind: the caller's own (permission, fuzz) or
 * another tenant's, project's or owner's (isolation).
 */
export type ParamKind =
  | 'ticket' | 'failure' | 'ac' | 'order' | 'project' | 'unit' | 'unitType' | 'owner' | 'certificate' | 'plan' | 'schedule'
  | 'area' | 'place' | 'item' | 'failureType' | 'notification' | 'file' | 'room' | 'token' | 'module';

export type Samples = Partial<Record<ParamKind, string | number>>;

/** One concrete way to call a route: its method, and its path with enum parameters chosen. */
export type RouteCall = { row: RouteRow; method: string; template: string };

const CATALOGUE_LEVEL: Record<string, ParamKind> = {
  'tipos-unidad': 'unitType', areas: 'area', lugares: 'place', items: 'item', fallas: 'failureType',
};

const BY_SEGMENT: Record<string, ParamKind> = {
  solicitudes: 'ticket', fallas: 'failure', ac: 'ac', visitas: 'order', agenda: 'order', proyectos: 'project', unidad: 'unit',
  fichas: 'unit', tipos: 'unitType', 'tipos-unidad': 'unitType', propietarios: 'owner', archivos: 'certificate', planos: 'plan',
  entregas: 'schedule', notificaciones: 'notification', files: 'file', rooms: 'room', estatus: 'module', visita: 'token', entrega: 'token',
};

/** The kind of the parameter at `index` of the template's segments (after enum choices are made). */
export function kindOf(segments: string[], index: number): ParamKind | undefined {
  const name = segments[index].slice(1).replace(/\{.*$/, '');
  if (name === 'token') return 'token';
  if (name === 'orderId') return 'order';
  if (name === 'unitId') return 'unit';
  if (name === 'projectId') return 'project';
  const before = segments[index - 1] ?? '';
  // /entregas/<level>/:id and /entregas/<parent>/:id/<child>: the chosen level names the kind.
  if (segments[index - 2] === 'entregas' && CATALOGUE_LEVEL[before]) return CATALOGUE_LEVEL[before];
  return BY_SEGMENT[before];
}

/** Every call of a route: a parameter whose pattern lists alternatives (`:action{a|b}`) gives one call per alternative. */
export function expandRoute(row: RouteRow): RouteCall[] {
  let templates = [''];
  for (const segment of row.path.split('/').slice(1)) {
    const choice = /^:\w+\{\(?(?:\?:)?([\w|-]+)\)?\}$/.exec(segment);
    const options = choice && !choice[1].includes('[') ? choice[1].split('|') : [segment];
    templates = templates.flatMap((t) => options.map((o) => `${t}/${o}`));
  }
  return templates.map((template) => ({ row, method: row.method, template }));
}

/** The template with each parameter replaced by the sample of its kind; undefined when one has none. */
export function fillPath(template: string, samples: Samples): string | undefined {
  const segments = template.split('/');
  const out: string[] = [];
  for (const [i, segment] of segments.entries()) {
    if (!segment.startsWith(':')) {
      out.push(segment);
      continue;
    }
    const kind = kindOf(segments, i);
    const value = kind && samples[kind];
    if (value === undefined || value === '') return undefined;
    out.push(kind === 'file' ? String(value) : encodeURIComponent(String(value)));
  }
  return out.join('/');
}

async function first<T extends PgTable>(ctx: TestContext, table: T, id: PgColumn, where: SQL | undefined): Promise<number | undefined> {
  const rows = await ctx.db.select({ id }).from(table as PgTable).where(where).orderBy(asc(id)).limit(1);
  return rows[0]?.id as number | undefined;
}

/**
 * The first record of each kind in one company (and project, when given), as the seed or a test
 * left them. A kind with no record is left out; the sweep reports the routes it could not fill.
 */
export async function samplesIn(ctx: TestContext, companyId: number, projectId?: number): Promise<Samples> {
  const inProject = <C extends PgColumn>(company: C, project?: PgColumn) =>
    projectId !== undefined && project ? and(eq(company, companyId), eq(project, projectId)) : eq(company, companyId);
  const s: Samples = {};
  s.project = projectId ?? await first(ctx, projects, projects.id, eq(projects.companyId, companyId));
  // A ticket with an order when there is one, so the order routes reach the order.
  s.order = await first(ctx, orders, orders.id, inProject(orders.companyId, orders.projectId));
  const [withOrder] = s.order === undefined ? [] : await ctx.db.select({ ticketId: orders.ticketId }).from(orders).where(eq(orders.id, Number(s.order)));
  s.ticket = withOrder?.ticketId ?? await first(ctx, tickets, tickets.id, inProject(tickets.companyId, tickets.projectId));
  if (s.ticket !== undefined) {
    s.failure = await first(ctx, failures, failures.id, eq(failures.ticketId, Number(s.ticket)));
    s.ac = await first(ctx, acs, acs.id, eq(acs.ticketId, Number(s.ticket)));
  }
  s.unit = await first(ctx, units, units.id, inProject(units.companyId, units.projectId));
  if (s.unit !== undefined) {
    s.owner = await first(ctx, unitOwners, unitOwners.ownerId, eq(unitOwners.unitId, Number(s.unit)));
    s.certificate = await first(ctx, deliveryCertificates, deliveryCertificates.id, eq(deliveryCertificates.unitId, Number(s.unit)));
  }
  s.schedule = await first(ctx, deliverySchedules, deliverySchedules.id, inProject(deliverySchedules.companyId, deliverySchedules.projectId));
  s.owner ??= await first(ctx, owners, owners.id, eq(owners.companyId, companyId));
  s.unitType = await first(ctx, unitTypes, unitTypes.id, eq(unitTypes.companyId, companyId));
  s.plan = await first(ctx, unitTypePlans, unitTypePlans.id, inProject(unitTypePlans.companyId, unitTypePlans.projectId));
  s.area = await first(ctx, catalogueAreas, catalogueAreas.id, eq(catalogueAreas.companyId, companyId));
  s.place = await first(ctx, cataloguePlaces, cataloguePlaces.id, eq(cataloguePlaces.companyId, companyId));
  s.item = await first(ctx, catalogueItems, catalogueItems.id, eq(catalogueItems.companyId, companyId));
  s.failureType = await first(ctx, catalogueFailureTypes, catalogueFailureTypes.id, eq(catalogueFailureTypes.companyId, companyId));
  s.notification = await first(ctx, notifications, notifications.id, eq(notifications.companyId, companyId));
  const [file] = await ctx.db.select({ path: files.path }).from(files).where(eq(files.companyId, companyId)).orderBy(asc(files.id)).limit(1);
  if (file) s.file = file.path;
  s.room = `project:${s.project}`;
  s.module = 'postventa';
  // E-mailed links keep only a hash of their token: a well-formed unknown one is what a sweep can send.
  s.token = 'A'.repeat(43);
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as Samples;
}

/** Bytes of a stored file: a 1×1 PNG (attachments, logos and signatures are images) or a minimal PDF. */
const BYTES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
};

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
export async function recordsIn(ctx: TestContext, at: { companyId: number; projectId: number; unitId: number; userId: number; marker: string }): Promise<RecordSet> {
  const { companyId, projectId, unitId, userId, marker } = at;
  const db = ctx.db;
  const [unit] = await db.select().from(units).where(eq(units.id, unitId));
  const [owner] = await db.insert(owners).values({ companyId, name: marker, lastName: 'Externo' }).returning();
  await db.insert(unitOwners).values({ companyId, unitId, ownerId: owner.id }).onConflictDoNothing();
  const n = 90_000 + unitId;
  const [t] = await db.insert(tickets).values({
    companyId, projectId, unitId, towerId: unit.towerId, number: n, code: `${marker}-T`, subject: `${marker} solicitud`, applicantOwnerId: owner.id, origin: 'CALL', state: 'abierta',
  }).returning();
  const [a] = await db.insert(acs).values({ companyId, projectId, ticketId: t.id, number: n, code: `${marker}-AC`, state: 'pendiente' }).returning();
  const [f] = await db.insert(failures).values({
    companyId, projectId, ticketId: t.id, unitId, placeName: marker, itemName: 'Muebles', detailName: 'Puerta', category: 'terminaciones', severity: 'leve',
    state: 'solucionada', guaranteeYears: 3, guaranteeStart: '2025-01-01', guaranteeEnd: '2028-01-01', acId: a.id,
  }).returning();
  const start = new Date(Date.now() + 5 * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  const [o] = await db.insert(orders).values({
    companyId, projectId, ticketId: t.id, kind: 'OI', number: n, code: `${marker}-OI`, state: 'agendada', startAt: start, endAt: new Date(start.getTime() + 3_600_000), durationMinutes: 60,
  }).returning();
  await db.insert(orderFailures).values({ orderId: o.id, failureId: f.id, companyId });
  await db.insert(deliverySchedules).values({ companyId, projectId, unitId, startAt: start, state: 'por_confirmar' }).onConflictDoNothing();
  const schedule = await first(ctx, deliverySchedules, deliverySchedules.id, eq(deliverySchedules.unitId, unitId));
  const unitTypeId = unit.unitTypeId ?? (await db.insert(unitTypes).values({ companyId, name: marker, category: 'departamento' }).returning())[0].id;
  const catalogue = await samplesIn(ctx, companyId);
  if (catalogue.failureType === undefined) {
    // The catalogue belongs to the company: a branch is added only where there is none (the other company).
    const [area] = await db.insert(catalogueAreas).values({ companyId, unitTypeId, name: marker }).returning();
    const [place] = await db.insert(cataloguePlaces).values({ companyId, areaId: area.id, name: marker }).returning();
    const [item] = await db.insert(catalogueItems).values({ companyId, placeId: place.id, name: marker, category: 'terminaciones' }).returning();
    const [failureType] = await db.insert(catalogueFailureTypes).values({ companyId, itemId: item.id, name: marker }).returning();
    Object.assign(catalogue, { area: area.id, place: place.id, item: item.id, failureType: failureType.id });
  }

  const stored = async (name: string, extension: 'png' | 'pdf', entityType: string, entityId: number) => {
    const [path, type, body] = [`${companyId}/2030/01/${randomUUID()}.${extension}`, extension === 'png' ? 'image/png' : 'application/pdf', BYTES[extension]];
    await storageOf(ctx.deps).writeSmall(path, body, type);
    await db.insert(files).values({
      companyId, path, name: `${marker} ${name}.${extension}`, extension, mime: type, category: extension === 'png' ? 'image' : 'document', context: 'general',
      status: 'uploaded', maxBytes: body.length, size: body.length, uploadedBy: userId, entityType, entityId, expiresAt: start, uploadedAt: new Date(),
    });
    return { path, name: `${marker} ${name}.${extension}`, size: body.length, type };
  };
  const pub = await stored('publico', 'png', 'ticket', t.id);
  const priv = await stored('privado', 'png', 'ticket_private', t.id);
  await db.insert(ticketMessages).values([
    { companyId, ticketId: t.id, authorId: userId, visibility: 'public', body: marker, attachments: [pub] },
    { companyId, ticketId: t.id, authorId: userId, visibility: 'private', body: marker, attachments: [priv] },
  ]);
  const cert = await stored('certificado', 'pdf', 'unit_certificate', unitId);
  const [c] = await db.insert(deliveryCertificates).values({ companyId, unitId, path: cert.path, name: cert.name, size: cert.size, mime: cert.type, createdBy: userId }).returning();
  const plan = await stored('plano', 'pdf', 'unit_type_plan', unitTypeId);
  const [p] = await db.insert(unitTypePlans).values({ companyId, projectId, unitTypeId, path: plan.path, name: plan.name, size: plan.size, mime: plan.type, createdBy: userId }).returning();
  const logo = await stored('logo', 'png', 'project_logo', projectId);
  await db.insert(projectSettings).values({ projectId, companyId, logoPath: logo.path }).onConflictDoUpdate({ target: projectSettings.projectId, set: { logoPath: logo.path } });
  const signature = await stored('firma', 'png', 'unit_signature', unitId);
  await db.insert(deliveryFichas).values({ unitId, companyId, projectId, ownerSignaturePath: signature.path })
    .onConflictDoUpdate({ target: deliveryFichas.unitId, set: { ownerSignaturePath: signature.path } });
  const [note] = await db.insert(notifications).values({ companyId, userId, eventId: n, type: 'ticket.message', titleKey: marker, bodyKey: marker }).returning();
  return {
    samples: {
      project: projectId, unit: unitId, owner: owner.id, ticket: t.id, failure: f.id, ac: a.id, order: o.id, schedule, unitType: unitTypeId,
      area: catalogue.area, place: catalogue.place, item: catalogue.item, failureType: catalogue.failureType, certificate: c.id, plan: p.id, file: pub.path,
      notification: note.id, room: `project:${projectId}`,
    },
    files: { public: pub.path, private: priv.path, certificate: cert.path, plan: plan.path, logo: logo.path, signature: signature.path },
  };
}

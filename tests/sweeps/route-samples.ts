import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RouteRow } from '../../server/src/http/route-table.ts';
import type { TestContext } from '../../server/src/test-support.ts';
import { WEBHOOK_PARAM_KINDS, webhookSamplesIn, type WebhookSamples } from './webhook-records.ts';
import { CBOX_PARAM_KINDS, cboxSamplesIn, type CboxSamples } from './cbox-records.ts';
import { CBOX_SHARING_PARAM_KINDS, cboxSharingSamplesIn, type CboxSharingSamples } from './cbox-sharing-records.ts';
import { CMANAGEMENT_PARAM_KINDS, cmanagementSamplesIn, type CmanagementSamples } from './cmanagement-records.ts';
import { QUALITY_PARAM_KINDS, qualitySamplesIn, type QualitySamples } from './quality-records.ts';
import { CONCRETE_PARAM_KINDS, concreteSamplesIn, type ConcreteSamples } from './concrete-records.ts';
import { BILLING_PARAM_KINDS, billingSamplesIn, type BillingSamples } from './billing-records.ts';
import {
  VERIFICATIONS_PARAM_KINDS,
  verificationsSamplesIn,
  type VerificationsSamples,
} from './verifications-records.ts';
import {
  acs,
  apiApps,
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
  deliveryRevisionResults,
  deliverySchedules,
  failures,
  files,
  notifications,
  orders,
  owners,
  positions,
  profiles,
  projects,
  savedViews,
  ticketMessages,
  tickets,
  unitOwners,
  unitTypePlans,
  unitTypes,
  units,
  users,
} from '../../server/src/db/schema/index.ts';

/**
 * What a route parameter stands for, read from the path segment before it. The sweeps fill each
 * route of the route table with a record of the right kind: the caller's own (permission, fuzz) or
 * another tenant's, project's or owner's (isolation).
 */
export type ParamKind =
  | 'ticket'
  | 'failure'
  | 'ac'
  | 'message'
  | 'order'
  | 'project'
  | 'unit'
  | 'unitType'
  | 'owner'
  | 'certificate'
  | 'revisionResult'
  | 'plan'
  | 'schedule'
  | 'area'
  | 'place'
  | 'item'
  | 'failureType'
  | 'notification'
  | 'file'
  | 'room'
  | 'token'
  | 'module'
  | 'view'
  | 'worker'
  | 'course'
  | 'assignment'
  | 'position'
  | 'profile'
  | 'companyModule'
  | 'user'
  | 'apiApp'
  | 'syncJob'
  | 'upload'
  | keyof WebhookSamples
  | keyof CboxSamples
  | keyof CboxSharingSamples
  | keyof CmanagementSamples
  | keyof QualitySamples
  | keyof ConcreteSamples
  | keyof VerificationsSamples
  | keyof BillingSamples;

export type Samples = Partial<Record<ParamKind, string | number>>;

/** One concrete way to call a route: its method, and its path with enum parameters chosen. */
export type RouteCall = { row: RouteRow; method: string; template: string };

const CATALOGUE_LEVEL: Record<string, ParamKind> = {
  'tipos-unidad': 'unitType',
  areas: 'area',
  lugares: 'place',
  items: 'item',
  fallas: 'failureType',
};

const BY_SEGMENT: Record<string, ParamKind> = {
  solicitudes: 'ticket',
  fallas: 'failure',
  ac: 'ac',
  mensajes: 'message',
  visitas: 'order',
  agenda: 'order',
  proyectos: 'project',
  unidad: 'unit',
  fichas: 'unit',
  tipos: 'unitType',
  'tipos-unidad': 'unitType',
  propietarios: 'owner',
  archivos: 'certificate',
  revision: 'revisionResult',
  planos: 'plan',
  entregas: 'schedule',
  notificaciones: 'notification',
  files: 'file',
  rooms: 'room',
  estatus: 'module',
  visita: 'token',
  entrega: 'token',
  vistas: 'view',
  modulos: 'companyModule',
  usuarios: 'user',
  subidas: 'upload',
};

/** The kind of the parameter at `index` of the template's segments (after enum choices are made). */
export function kindOf(segments: string[], index: number): ParamKind | undefined {
  const name = segments[index].slice(1).replace(/\{.*$/, '');
  if (name === 'token') return 'token';
  if (name === 'orderId') return 'order';
  if (name === 'unitId') return 'unit';
  if (name === 'projectId') return 'project';
  if (name === 'viewId') return 'view';
  if (name === 'workerId') return 'worker';
  if (name === 'courseId') return 'course';
  if (name === 'assignmentId') return 'assignment';
  if (name === 'positionId') return 'position';
  if (name === 'profileId') return 'profile';
  if (name === 'appId') return 'apiApp';
  if (name === 'jobId') return 'syncJob';
  if (name in WEBHOOK_PARAM_KINDS) return WEBHOOK_PARAM_KINDS[name as keyof typeof WEBHOOK_PARAM_KINDS];
  if (name in CBOX_PARAM_KINDS) return CBOX_PARAM_KINDS[name as keyof typeof CBOX_PARAM_KINDS];
  if (name in CBOX_SHARING_PARAM_KINDS) return CBOX_SHARING_PARAM_KINDS[name as keyof typeof CBOX_SHARING_PARAM_KINDS];
  if (name in CMANAGEMENT_PARAM_KINDS) return CMANAGEMENT_PARAM_KINDS[name as keyof typeof CMANAGEMENT_PARAM_KINDS];
  if (name in QUALITY_PARAM_KINDS) return QUALITY_PARAM_KINDS[name as keyof typeof QUALITY_PARAM_KINDS];
  if (name in CONCRETE_PARAM_KINDS) return CONCRETE_PARAM_KINDS[name as keyof typeof CONCRETE_PARAM_KINDS];
  if (name in VERIFICATIONS_PARAM_KINDS)
    return VERIFICATIONS_PARAM_KINDS[name as keyof typeof VERIFICATIONS_PARAM_KINDS];
  if (name in BILLING_PARAM_KINDS) return BILLING_PARAM_KINDS[name as keyof typeof BILLING_PARAM_KINDS];
  if (name === 'userId') return 'user';
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

/** The lowest id of `table` that `where` selects. */
export async function first<T extends PgTable>(
  ctx: TestContext,
  table: T,
  id: PgColumn,
  where: SQL | undefined,
): Promise<number | undefined> {
  const rows = await ctx.db
    .select({ id })
    .from(table as PgTable)
    .where(where)
    .orderBy(asc(id))
    .limit(1);
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
  s.project = projectId ?? (await first(ctx, projects, projects.id, eq(projects.companyId, companyId)));
  // A ticket with an order when there is one, so the order routes reach the order.
  s.order = await first(ctx, orders, orders.id, inProject(orders.companyId, orders.projectId));
  const [withOrder] =
    s.order === undefined
      ? []
      : await ctx.db
          .select({ ticketId: orders.ticketId })
          .from(orders)
          .where(eq(orders.id, Number(s.order)));
  s.ticket =
    withOrder?.ticketId ?? (await first(ctx, tickets, tickets.id, inProject(tickets.companyId, tickets.projectId)));
  if (s.ticket !== undefined) {
    s.failure = await first(ctx, failures, failures.id, eq(failures.ticketId, Number(s.ticket)));
    s.ac = await first(ctx, acs, acs.id, eq(acs.ticketId, Number(s.ticket)));
    s.message = await first(ctx, ticketMessages, ticketMessages.id, eq(ticketMessages.ticketId, Number(s.ticket)));
  }
  s.unit = await first(ctx, units, units.id, inProject(units.companyId, units.projectId));
  if (s.unit !== undefined) {
    s.owner = await first(ctx, unitOwners, unitOwners.ownerId, eq(unitOwners.unitId, Number(s.unit)));
    s.certificate = await first(
      ctx,
      deliveryCertificates,
      deliveryCertificates.id,
      eq(deliveryCertificates.unitId, Number(s.unit)),
    );
    s.revisionResult = await first(
      ctx,
      deliveryRevisionResults,
      deliveryRevisionResults.id,
      eq(deliveryRevisionResults.unitId, Number(s.unit)),
    );
  }
  s.schedule = await first(
    ctx,
    deliverySchedules,
    deliverySchedules.id,
    inProject(deliverySchedules.companyId, deliverySchedules.projectId),
  );
  s.owner ??= await first(ctx, owners, owners.id, eq(owners.companyId, companyId));
  s.unitType = await first(ctx, unitTypes, unitTypes.id, eq(unitTypes.companyId, companyId));
  s.plan = await first(
    ctx,
    unitTypePlans,
    unitTypePlans.id,
    inProject(unitTypePlans.companyId, unitTypePlans.projectId),
  );
  s.area = await first(ctx, catalogueAreas, catalogueAreas.id, eq(catalogueAreas.companyId, companyId));
  s.place = await first(ctx, cataloguePlaces, cataloguePlaces.id, eq(cataloguePlaces.companyId, companyId));
  s.item = await first(ctx, catalogueItems, catalogueItems.id, eq(catalogueItems.companyId, companyId));
  s.failureType = await first(
    ctx,
    catalogueFailureTypes,
    catalogueFailureTypes.id,
    eq(catalogueFailureTypes.companyId, companyId),
  );
  s.notification = await first(ctx, notifications, notifications.id, eq(notifications.companyId, companyId));
  s.view = await first(ctx, savedViews, savedViews.id, eq(savedViews.companyId, companyId));
  s.worker = await first(ctx, workers, workers.id, eq(workers.companyId, companyId));
  s.course = await first(ctx, courses, courses.id, eq(courses.companyId, companyId));
  s.assignment = await first(ctx, courseAssignments, courseAssignments.id, eq(courseAssignments.companyId, companyId));
  // The company's first staff user (the demo admin): a sweep's disable or delete of oneself is refused.
  s.user = await first(ctx, users, users.id, and(eq(users.companyId, companyId), eq(users.kind, 'staff')));
  const [file] = await ctx.db
    .select({ path: files.path })
    .from(files)
    .where(eq(files.companyId, companyId))
    .orderBy(asc(files.id))
    .limit(1);
  if (file) s.file = file.path;
  s.position = await first(ctx, positions, positions.id, eq(positions.companyId, companyId));
  s.apiApp = await first(ctx, apiApps, apiApps.id, eq(apiApps.companyId, companyId));
  s.syncJob = await first(ctx, integrationJobs, integrationJobs.id, eq(integrationJobs.companyId, companyId));
  // A library upload session (its id is a UUID): only its uploader reaches it.
  const [upload] = await ctx.db
    .select({ id: cboxUploads.id })
    .from(cboxUploads)
    .where(eq(cboxUploads.companyId, companyId))
    .orderBy(asc(cboxUploads.createdAt))
    .limit(1);
  s.upload = upload?.id;
  Object.assign(s, await webhookSamplesIn(ctx, companyId));
  Object.assign(s, await cboxSamplesIn(ctx, companyId));
  Object.assign(s, await cboxSharingSamplesIn(ctx, companyId));
  Object.assign(s, await cmanagementSamplesIn(ctx, companyId, projectId));
  Object.assign(s, await qualitySamplesIn(ctx, companyId, projectId));
  Object.assign(s, await concreteSamplesIn(ctx, companyId, projectId));
  Object.assign(s, await verificationsSamplesIn(ctx, companyId, projectId));
  Object.assign(s, await billingSamplesIn(ctx, companyId));
  // A profile no user holds, else the newest: a valid PUT of the fuzz must not rewrite the permissions of its
  // caller, the admin, whose profile the seed writes first.
  const [profile] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.companyId, companyId))
    .orderBy(sql`exists (select 1 from ${users} where ${users.profileId} = ${profiles.id})`, desc(profiles.id))
    .limit(1);
  s.profile = profile?.id;
  s.room = `project:${s.project}`;
  s.module = 'postventa';
  // A module no route of the app is behind: a sweep that switches it off for the company blocks nothing it calls.
  s.companyModule = 'billing';
  // E-mailed links keep only a hash of their token: a well-formed unknown one is what a sweep can send.
  s.token = 'A'.repeat(43);
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as Samples;
}

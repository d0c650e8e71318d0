import { asc, eq, sql } from 'drizzle-orm';
import { fichaListQuerySchema } from '#domain/schemas/deliveries';
import { ticketListQuerySchema } from '#domain/schemas/after-sales';
import type {
  PublicProject,
  PublicTicket,
  PublicTicketDetail,
  PublicTicketsQuery,
  PublicUnit,
  PublicUnitsQuery,
} from '#domain/public-api';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Db } from '../../../db/client.ts';
import { projects } from '../../../db/schema/index.ts';
import { envelope, offsetOf, type ListEnvelope } from '../../../lib/paging.ts';
import { visibleProjectsOf } from '../../../auth/guard.ts';
import { listTickets, loadTicket, ticketDetail } from '../../after-sales/service.ts';
import { listFichas } from '../../deliveries/service.ts';
import type { ApiCaller } from './public-env.ts';

/**
 * The public API's reads, through the after-sales and deliveries services the screens use (their scoping,
 * filters and paging), narrowed to the fields the public contract (domain/public-api.ts) promises.
 */

/**
 * The app as the services' caller: a staff member of its company who sees every project of it and holds only
 * the app's scope. It never signs in, so it has no session.
 */
export async function actingUser(db: Db, app: ApiCaller): Promise<SessionUser> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, app.companyId));
  return {
    id: app.createdBy ?? 0,
    companyId: app.companyId,
    kind: 'staff',
    username: app.clientId,
    firstName: app.name,
    lastName: '',
    email: null,
    locale: null,
    profileId: null,
    profileName: app.name,
    permissions: app.scope,
    projectIds: rows.map((r) => r.id),
    sessionId: `api-app:${app.appId}`,
  };
}

/** GET /projects: the company's projects by name. */
export async function publicProjects(
  db: Db,
  app: ApiCaller,
  q: { page: number; rowsPerPage: number },
): Promise<ListEnvelope<PublicProject>> {
  const where = eq(projects.companyId, app.companyId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(asc(projects.name), asc(projects.id))
      .limit(q.rowsPerPage)
      .offset(offsetOf(q)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(projects)
      .where(where),
  ]);
  const data = rows.map((p) => ({
    id: p.id,
    name: p.name,
    code: p.code,
    address: p.address,
    city: p.city,
    is_closed: p.isClosed,
    is_blocked: p.isBlocked,
    created_at: p.createdAt.toISOString(),
  }));
  return envelope(data, total, q);
}

/** The list fields, picked one by one so nothing the screens see besides them leaks into the public answer. */
const publicTicket = (t: PublicTicket): PublicTicket => ({
  id: t.id,
  code: t.code,
  number: t.number,
  subject: t.subject,
  state: t.state,
  priority: t.priority,
  origin: t.origin,
  project: { id: t.project.id, name: t.project.name },
  tower: t.tower ? { id: t.tower.id, name: t.tower.name } : null,
  unit: { id: t.unit.id, number: t.unit.number },
  progress: { total: t.progress.total, done: t.progress.done, percent: t.progress.percent },
  merged_into_id: t.merged_into_id,
  created_at: t.created_at,
  updated_at: t.updated_at,
});

/** GET /tickets: oldest change first, so a client syncing with updated_since pages forward. */
export async function publicTickets(db: Db, app: ApiCaller, q: PublicTicketsQuery) {
  const user = await actingUser(db, app);
  const page = await listTickets(db, user, {
    ...ticketListQuerySchema.parse({}),
    page: q.page,
    rowsPerPage: q.rowsPerPage,
    sortBy: 'updated_at',
    descending: false,
    project_id: q.project_id ? [q.project_id] : undefined,
    state: q.state,
    updated_since: q.updated_since ? new Date(q.updated_since) : undefined,
  });
  return { ...page, data: page.data.map(publicTicket) };
}

/** GET /tickets/{id}: a ticket of the app's company (another company's id is a 404). */
export async function publicTicketDetail(
  deps: AppDeps,
  app: ApiCaller,
  id: number,
): Promise<{ data: PublicTicketDetail }> {
  const db = deps.database.db;
  const user = await actingUser(db, app);
  const d = await ticketDetail(deps, user, await loadTicket(db, user, id));
  return {
    data: {
      ...publicTicket(d),
      floor: d.floor,
      unit: {
        id: d.unit.id,
        number: d.unit.number,
        delivery_date: d.unit.delivery_date,
        unit_type: d.unit.unit_type,
      },
      responsible: d.responsible ? { id: d.responsible.id, full_name: d.responsible.full_name } : null,
      close_justification: d.close_justification,
      first_response_at: d.first_response_at,
      resolved_at: d.resolved_at,
    },
  };
}

/** GET /units: the units of one project of the company, or of all of them, as delivery records. */
export async function publicUnits(db: Db, app: ApiCaller, q: PublicUnitsQuery): Promise<ListEnvelope<PublicUnit>> {
  const user = await actingUser(db, app);
  const projectIds = visibleProjectsOf(user, q.project_id ? [q.project_id] : undefined);
  const page = await listFichas(
    db,
    user,
    projectIds,
    fichaListQuerySchema.parse({ page: q.page, rowsPerPage: q.rowsPerPage }),
  );
  const data = page.data.map((u) => ({
    id: u.id,
    number: u.unit,
    project_id: u.project_id,
    tower: u.tower,
    floor: u.floor,
    unit_type: u.unit_type ? { id: u.unit_type.id, name: u.unit_type.name } : null,
    state: u.state,
    scheduled_delivery_at: u.scheduled_delivery_at,
    delivery_date: u.delivery_date,
    pending_failures: u.pending_failures,
  }));
  return { ...page, data };
}

import { Hono } from 'hono';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '#domain/schemas/common';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser } from '../../../auth/guard.ts';
import { queryOf } from '../../../lib/validate.ts';
import { notFound } from '../../../lib/errors.ts';
import { containsText } from '../../../lib/text-search.ts';
import {
  owners,
  profiles,
  towers,
  unitOwners,
  units,
  unitTypes,
  userProjects,
  users,
} from '../../../db/schema/index.ts';
import { idParam, isVisibleProject, loadUnit } from '../shared/scope.ts';
import { staffOption } from '../../../db/staff.ts';
import { agentSql } from '../shared/people.ts';
import { catalogueTree, listWarrantyTerms } from './service.ts';

const unitsQuery = z.object({
  project_id: id(),
  tower_id: id().optional(),
  search: z.string().trim().max(50).optional(),
});
const projectQuery = z.object({ project_id: id() });

/** The pickers of solicitud/crear and fallas: units with owners, responsibles, catalogue tree, warranty terms. */
export const catalogueRoutes = new Hono<AppEnv>()
  .get('/catalogo/unidad/:unitId', async (c) => {
    const user = currentUser(c);
    const unit = await loadUnit(c.var.deps.database.db, user, idParam(c.req.param('unitId')));
    if (!unit.unitTypeId) throw notFound();
    return c.json({ data: await catalogueTree(c.var.deps.database.db, user.companyId, unit.unitTypeId) });
  })
  .get('/catalogo/tipos/:unitTypeId', async (c) => {
    const user = currentUser(c);
    return c.json({
      data: await catalogueTree(c.var.deps.database.db, user.companyId, idParam(c.req.param('unitTypeId'))),
    });
  })
  .get('/garantias', async (c) =>
    c.json({ data: await listWarrantyTerms(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .get('/unidades', async (c) => {
    const user = currentUser(c);
    const q = queryOf(c, unitsQuery);
    if (!isVisibleProject(user, q.project_id)) throw notFound();
    const db = c.var.deps.database.db;
    const rows = await db
      .select({ unit: units, tower: towers.name, type: unitTypes.name })
      .from(units)
      .leftJoin(towers, eq(towers.id, units.towerId))
      .leftJoin(unitTypes, eq(unitTypes.id, units.unitTypeId))
      .where(
        and(
          eq(units.companyId, user.companyId),
          eq(units.projectId, q.project_id),
          q.tower_id ? eq(units.towerId, q.tower_id) : undefined,
          q.search ? containsText([units.number], q.search) : undefined,
        ),
      )
      .orderBy(asc(towers.name), sql`length(${units.number})`, asc(units.number))
      .limit(500);
    const links = rows.length
      ? await db
          .select({ unitId: unitOwners.unitId, role: unitOwners.role, owner: owners })
          .from(unitOwners)
          .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
          .where(
            inArray(
              unitOwners.unitId,
              rows.map((r) => r.unit.id),
            ),
          )
      : [];
    return c.json({
      data: rows.map((r) => ({
        id: r.unit.id,
        number: r.unit.number,
        tower: r.unit.towerId ? { id: r.unit.towerId, name: r.tower } : null,
        unit_type: r.type,
        delivery_date: r.unit.deliveryDate,
        delivery_state: r.unit.deliveryState,
        owners: links
          .filter((l) => l.unitId === r.unit.id)
          .map((l) => ({
            id: l.owner.id,
            name: l.owner.name,
            last_name: l.owner.lastName,
            mail: l.owner.mail,
            phone: l.owner.phone,
            role: l.role,
          })),
      })),
    });
  })
  .get('/torres', async (c) => {
    const user = currentUser(c);
    const { project_id } = queryOf(c, projectQuery);
    if (!isVisibleProject(user, project_id)) throw notFound();
    const rows = await c.var.deps.database.db
      .select()
      .from(towers)
      .where(and(eq(towers.companyId, user.companyId), eq(towers.projectId, project_id)))
      .orderBy(asc(towers.name));
    return c.json({ data: rows.map((t) => ({ id: t.id, name: t.name })) });
  })
  .get('/responsables', async (c) => {
    const user = currentUser(c);
    const { project_id } = queryOf(c, projectQuery);
    if (!isVisibleProject(user, project_id)) throw notFound();
    const rows = await c.var.deps.database.db
      .select({ user: users, isAgent: sql<boolean>`${agentSql}` })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .leftJoin(userProjects, and(eq(userProjects.userId, users.id), eq(userProjects.projectId, project_id)))
      .where(
        and(
          eq(users.companyId, user.companyId),
          eq(users.kind, 'staff'),
          // Disabled and deleted people come too, not enabled: a select shows one only while it is the value
          // (docs/product.md §4 deleted users; client/src/widgets/user-option.ts), and assigning them is refused.
          or(
            sql`${profiles.permissions} @> '["todos_los_proyectos"]'::jsonb`,
            eq(users.allProjects, true),
            sql`${userProjects.userId} is not null`,
          ),
          or(
            sql`${profiles.permissions} @> '["postventa_gestionar"]'::jsonb`,
            sql`${profiles.permissions} @> '["entregas_revision"]'::jsonb`,
          ),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName));
    return c.json({ data: rows.map((r) => ({ ...staffOption(r.user), is_agent: r.isAgent })) });
  });

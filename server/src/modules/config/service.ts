import { and, eq } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import { companies, courseAssignments, moduleStatus } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import type { ModuleRegistry } from '../../registry.ts';
import { can, CONFIG_COURSES } from '#domain/permissions';
import { COMPANY_MODULES, type CompanyModule } from '#domain/permission-catalogue';
import { CONFIG_USERS } from '#domain/users';
import type { ModuleStatus } from '#domain/integrations';
import { USER_SIGNATURE_FILES } from '../auth/service.ts';
import { CONFIG_NOTIFICATION_TYPES } from './notification-types.ts';
import { ADMIN_WATCH } from './admin-watch.ts';
import { COURSE_MATERIAL_FILES } from './courses/catalogue.ts';

/** Modules whose activation a company holds (docs/product.md §4), named once in domain/permission-catalogue.ts. */
export const MODULES = COMPANY_MODULES;
export type ConfigModule = CompanyModule;
export type { ModuleStatus } from '#domain/integrations';

/** The client's route names (docs/product.md §2 areas) answer for the module they open. */
const ALIASES: Record<string, ConfigModule> = {
  concrete: 'hormigon',
  cbox: 'biblioteca',
  quality: 'calidad',
  verifications: 'recepciones',
  ocinsights: 'insights',
  tiinsights: 'insights',
};

export function resolveModule(name: string): ConfigModule | undefined {
  if ((MODULES as readonly string[]).includes(name)) return name as ConfigModule;
  // Own keys only: '__proto__' or 'constructor' would find Object.prototype's members.
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;
}

const describeStatus = (modulo: ConfigModule, status: ModuleStatus, t: Translate) => ({
  modulo,
  status,
  label: t(`config_api.status.${status}`),
  is_active: status === 'activo',
});

/** GET configuracion (docs/product.md §3 Config data: country; status per module). */
export async function companyConfig(deps: AppDeps, user: SessionUser) {
  const db = deps.database.db;
  const [[company], statuses] = await Promise.all([
    db.select().from(companies).where(eq(companies.id, user.companyId)),
    db.select().from(moduleStatus).where(eq(moduleStatus.companyId, user.companyId)),
  ]);
  const statusOf = (m: ConfigModule): ModuleStatus => statuses.find((s) => s.module === m)?.status ?? 'inactivo';
  return {
    country: company.country,
    company: {
      id: company.id,
      name: company.name,
      logo_url: company.logoPath ? `/api/v2/public/files/${company.logoPath}` : null,
    },
    modulos: Object.fromEntries(MODULES.map((m) => [m, statusOf(m)])) as Record<ConfigModule, ModuleStatus>,
  };
}

/** GET configuracion/estatus/{modulo}: one module's status; an unknown module is 404. */
export async function moduleStatusOf(deps: AppDeps, user: SessionUser, name: string, t: Translate) {
  const modulo = resolveModule(name);
  if (!modulo) throw notFound();
  const [row] = await deps.database.db
    .select()
    .from(moduleStatus)
    .where(and(eq(moduleStatus.companyId, user.companyId), eq(moduleStatus.module, modulo)));
  return describeStatus(modulo, row?.status ?? 'inactivo', t);
}

/**
 * What configuration adds to checks other parts own, called once where the process is assembled
 * (server/src/modules.ts): its notification types; who may read a course's material (whoever manages courses,
 * and the course's assignees); and that whoever administers users (config_usuarios) may read a user's signature
 * image to verify or reject it (docs/product.md §1 signature verification).
 */
export function registerConfig(registry: ModuleRegistry): void {
  // Course deadlines (expiry, reminders) and contracts about to end.
  registry.periodicTask(ADMIN_WATCH);
  for (const entry of CONFIG_NOTIFICATION_TYPES) registry.notificationType(entry);
  registry.fileAccess(COURSE_MATERIAL_FILES, async (db, user, file) => {
    if (user.kind !== 'staff') return false;
    if (can(user.permissions, CONFIG_COURSES)) return true;
    const [own] = await db
      .select({ id: courseAssignments.id })
      .from(courseAssignments)
      .where(
        and(
          eq(courseAssignments.courseId, file.entityId),
          eq(courseAssignments.userId, user.id),
          eq(courseAssignments.companyId, user.companyId),
        ),
      )
      .limit(1);
    return Boolean(own);
  });
  registry.fileAccess(USER_SIGNATURE_FILES, async (_db, user, file) =>
    Promise.resolve(user.kind === 'staff' && file.companyId === user.companyId && can(user.permissions, CONFIG_USERS)),
  );
}

/** The administrative audit trail, for modules whose administrative changes it follows (integrations' API apps). */
export { actorOf, recordAudit } from './audit/record.ts';
/** A module's status written by another module (integrations/requests: the provider activates a requested module). */
export { forgetModuleSessions, writeModuleStatus } from './profiles/modules.ts';
export { staffHolding } from './shared/people.ts';
export { userLimits } from './users/limits.ts';

import { eq } from 'drizzle-orm';
import type { PermissionCatalogue } from '#domain/access-responses';
import {
  CATALOGUE_GROUPS,
  COMPANY_MODULES,
  groupLabelKey,
  groupOf,
  permissionLabelKey,
  PERMISSION_CATALOGUE,
  type CompanyModule,
} from '#domain/permission-catalogue';
import type { AuditAction } from '#domain/audit';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { moduleStatus } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { actorOf, recordAudit, type AuditActor } from '../audit/record.ts';
import { announceModuleSwitch, forgetSessions, usersOfCompany } from './live.ts';

type StoredStatus = typeof moduleStatus.$inferSelect.status;

/**
 * Whether a module is on for the company: only an administrator's switch turns it off ('inactivo'); a module
 * never configured, requested or in process leaves its flags to the profiles (docs/product.md §6).
 */
const isOn = (status: StoredStatus | null) => status !== 'inactivo';

async function statuses(db: DbOrTx, companyId: number): Promise<Map<string, StoredStatus>> {
  const rows = await db.select().from(moduleStatus).where(eq(moduleStatus.companyId, companyId));
  return new Map(rows.map((r) => [r.module, r.status]));
}

/** GET configuracion/permisos/catalogo: every flag by module, described in the caller's language, with the switches. */
export async function permissionCatalogue(db: DbOrTx, user: SessionUser, t: Translate): Promise<PermissionCatalogue> {
  const stored = await statuses(db, user.companyId);
  return {
    groups: CATALOGUE_GROUPS.map((group) => {
      const status = stored.get(group) ?? null;
      return {
        group,
        label: t(groupLabelKey(group)),
        module: (COMPANY_MODULES as readonly string[]).includes(group) ? { enabled: isOn(status), status } : null,
        permissions: PERMISSION_CATALOGUE.filter((e) => groupOf(e.flag) === group).map((e) => ({
          flag: e.flag,
          description: t(permissionLabelKey(e.flag)),
        })),
      };
    }),
  };
}

/**
 * PUT configuracion/permisos/modulos/{modulo}: a module on or off for the whole company. Off takes its flags from
 * every profile's users (server/src/auth/session.ts) until it is on again; every open staff tab refetches its user.
 */
export async function switchModule(deps: AppDeps, user: SessionUser, modulo: CompanyModule, enabled: boolean) {
  let affected: number[] = [];
  const status: StoredStatus = enabled ? 'activo' : 'inactivo';
  const answer = await transactionWithEvents(deps, async (tx) => {
    affected = await writeModuleStatus(tx, actorOf(user), modulo, status, enabled ? 'enabled' : 'disabled');
    return { modulo, enabled, status };
  });
  forgetSessions(deps, affected);
  return answer;
}

/**
 * Writes a module's status for the company in the caller's transaction, with its audit line; a change is announced
 * to every open staff tab (call it last: the announcement holds the outbox lock) and answers the users whose cached
 * sessions must be forgotten after the commit (forgetModuleSessions). The administrator's switch and the provider's activation of a
 * requested module (integrations/requests) both go through here.
 */
export async function writeModuleStatus(
  tx: Tx,
  who: AuditActor,
  modulo: CompanyModule,
  status: StoredStatus,
  action: AuditAction,
  request?: { by: number | null; at: Date },
): Promise<number[]> {
  const before = (await statuses(tx, who.companyId)).get(modulo) ?? null;
  if (before === status) return [];
  const requested = request ? { requestedBy: request.by, requestedAt: request.at } : {};
  await tx
    .insert(moduleStatus)
    .values({ companyId: who.companyId, module: modulo, status, ...requested })
    .onConflictDoUpdate({
      target: [moduleStatus.companyId, moduleStatus.module],
      set: { status, updatedAt: new Date(), ...requested },
    });
  await recordAudit(tx, who, {
    entity: 'module',
    entityId: null,
    action,
    before: { modulo, status: before },
    after: { modulo, status },
  });
  const affected = await usersOfCompany(tx, who.companyId);
  await announceModuleSwitch(tx, who.companyId, who.userId, { modulo, enabled: isOn(status) });
  return affected;
}

/** After the commit of writeModuleStatus: the affected users' sessions are loaded again on their next request. */
export const forgetModuleSessions = forgetSessions;

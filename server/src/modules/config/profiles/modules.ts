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
import type { DbOrTx } from '../../../db/client.ts';
import { moduleStatus } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { actorOf, recordAudit } from '../audit/record.ts';
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
    const before = (await statuses(tx, user.companyId)).get(modulo) ?? null;
    if (before !== status) {
      await tx
        .insert(moduleStatus)
        .values({ companyId: user.companyId, module: modulo, status })
        .onConflictDoUpdate({
          target: [moduleStatus.companyId, moduleStatus.module],
          set: { status, updatedAt: new Date() },
        });
      await recordAudit(tx, actorOf(user), {
        entity: 'module',
        entityId: null,
        action: enabled ? 'enabled' : 'disabled',
        before: { modulo, status: before },
        after: { modulo, status },
      });
      affected = await usersOfCompany(tx, user.companyId);
      await announceModuleSwitch(tx, user.companyId, user.id, { modulo, enabled });
    }
    return { modulo, enabled, status };
  });
  forgetSessions(deps, affected);
  return answer;
}

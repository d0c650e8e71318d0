import { inArray } from 'drizzle-orm';
import type { ApiAppRow } from '#domain/api-apps-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { apiApps, users } from '../../../db/schema/index.ts';
import { fullName } from '../../../db/staff.ts';
import type { CatalogueFlag } from '#domain/permission-catalogue';

export type ApiApp = typeof apiApps.$inferSelect;

/** The answer of one app (never its secret hash). */
export function toAppRow(app: ApiApp, creator: { firstName: string; lastName: string } | undefined): ApiAppRow {
  return {
    id: app.id,
    name: app.name,
    client_id: app.clientId,
    scope: app.scope as CatalogueFlag[],
    state: app.revokedAt ? 'revocada' : 'activa',
    created_by: app.createdBy && creator ? { id: app.createdBy, full_name: fullName(creator) } : null,
    created_at: app.createdAt.toISOString(),
    secret_rotated_at: app.secretRotatedAt.toISOString(),
    last_used_at: app.lastUsedAt?.toISOString() ?? null,
    revoked_at: app.revokedAt?.toISOString() ?? null,
  };
}

/** Rows of several apps with their creators' names, in one query for the people. */
export async function toAppRows(db: DbOrTx, apps: ApiApp[]): Promise<ApiAppRow[]> {
  const ids = [...new Set(apps.map((a) => a.createdBy).filter((id): id is number => id !== null))];
  const people = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return apps.map((a) => toAppRow(a, a.createdBy ? byId.get(a.createdBy) : undefined));
}

/** What the audit trail keeps of an app: never a secret. */
export const audited = (app: ApiApp) => ({
  name: app.name,
  client_id: app.clientId,
  scope: app.scope,
  revoked_at: app.revokedAt?.toISOString() ?? null,
});

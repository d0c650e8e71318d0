import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiAppCredentials, ApiAppRow } from '#domain/api-apps-responses';
import type { apiAppCreateSchema, apiAppUpdateSchema } from '#domain/schemas/api-apps';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { apiApps, apiTokens } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { conflict, notFound, unprocessable } from '../../../lib/errors.ts';
import { actorOf, recordAudit } from '../../config/service.ts';
import { audited, toAppRows, type ApiApp } from './app-row.ts';
import { hashCredential, newClientId, newClientSecret } from './credentials.ts';

/** An app of the caller's company; another company's id is a 404 (docs/architecture.md §4). */
export async function loadApiApp(db: DbOrTx, user: SessionUser, id: number, lock = false): Promise<ApiApp> {
  const query = db
    .select()
    .from(apiApps)
    .where(and(eq(apiApps.id, id), eq(apiApps.companyId, user.companyId)));
  const [app] = lock ? await query.for('update') : await query;
  if (!app) throw notFound();
  return app;
}

const rowOf = async (db: DbOrTx, app: ApiApp) => (await toAppRows(db, [app]))[0];

/** An app's scope is a subset of what its creator (or whoever rescopes it) holds: no one hands out more. */
function assertScopeHeld(user: SessionUser, scope: readonly string[]) {
  const missing = scope.filter((flag) => !user.permissions.has(flag));
  if (missing.length)
    throw unprocessable([
      { field: 'scope', key: 'integrations.api_apps.scope_not_held', params: { flags: missing.join(', ') } },
    ]);
}

/** GET configuracion/integraciones/apps: the company's apps, newest first. */
export async function listApiApps(db: Db, user: SessionUser): Promise<ApiAppRow[]> {
  const apps = await db
    .select()
    .from(apiApps)
    .where(eq(apiApps.companyId, user.companyId))
    .orderBy(desc(apiApps.createdAt), desc(apiApps.id));
  return toAppRows(db, apps);
}

export async function apiAppDetail(db: Db, user: SessionUser, id: number): Promise<ApiAppRow> {
  return rowOf(db, await loadApiApp(db, user, id));
}

/** POST …/apps: a new app and its client secret, which this answer is the only one to show. */
export async function createApiApp(
  db: Db,
  user: SessionUser,
  input: z.output<typeof apiAppCreateSchema>,
): Promise<ApiAppCredentials> {
  assertScopeHeld(user, input.scope);
  const secret = newClientSecret();
  return db.transaction(async (tx) => {
    const [app] = await tx
      .insert(apiApps)
      .values({
        companyId: user.companyId,
        name: input.name,
        scope: input.scope,
        clientId: newClientId(),
        secretHash: hashCredential(secret),
        createdBy: user.id,
      })
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'api_app',
      entityId: app.id,
      action: 'created',
      after: audited(app),
    });
    return { ...(await rowOf(tx, app)), client_secret: secret };
  });
}

/** PATCH …/apps/{appId}: rename and/or rescope; a revoked app stays as it was revoked. */
export async function updateApiApp(
  db: Db,
  user: SessionUser,
  id: number,
  input: z.output<typeof apiAppUpdateSchema>,
): Promise<ApiAppRow> {
  if (input.scope) assertScopeHeld(user, input.scope);
  return db.transaction(async (tx) => {
    const before = await loadApiApp(tx, user, id, true);
    if (before.revokedAt) throw conflict('integrations.api_apps.revoked');
    const [after] = await tx
      .update(apiApps)
      .set({ name: input.name ?? before.name, scope: input.scope ?? before.scope })
      .where(eq(apiApps.id, id))
      .returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'api_app',
      entityId: id,
      action: 'updated',
      before: audited(before),
      after: audited(after),
    });
    return rowOf(tx, after);
  });
}

/** POST …/apps/{appId}/rotar: a new secret (shown once); the old one and every token issued with it stop now. */
export async function rotateApiAppSecret(db: Db, user: SessionUser, id: number): Promise<ApiAppCredentials> {
  const secret = newClientSecret();
  return db.transaction(async (tx) => {
    const before = await loadApiApp(tx, user, id, true);
    if (before.revokedAt) throw conflict('integrations.api_apps.revoked');
    const [after] = await tx
      .update(apiApps)
      .set({ secretHash: hashCredential(secret), secretRotatedAt: new Date() })
      .where(eq(apiApps.id, id))
      .returning();
    await tx.delete(apiTokens).where(eq(apiTokens.appId, id));
    await recordAudit(tx, actorOf(user), {
      entity: 'api_app',
      entityId: id,
      action: 'updated',
      before: { secret_rotated_at: before.secretRotatedAt.toISOString() },
      after: { secret_rotated_at: after.secretRotatedAt.toISOString() },
    });
    return { ...(await rowOf(tx, after)), client_secret: secret };
  });
}

/** POST …/apps/{appId}/revocar: the app and its tokens stop for good (revoking twice changes nothing). */
export async function revokeApiApp(db: Db, user: SessionUser, id: number): Promise<ApiAppRow> {
  return db.transaction(async (tx) => {
    const before = await loadApiApp(tx, user, id, true);
    if (before.revokedAt) return rowOf(tx, before);
    const [after] = await tx.update(apiApps).set({ revokedAt: new Date() }).where(eq(apiApps.id, id)).returning();
    await tx.delete(apiTokens).where(eq(apiTokens.appId, id));
    await recordAudit(tx, actorOf(user), {
      entity: 'api_app',
      entityId: id,
      action: 'disabled',
      before: audited(before),
      after: audited(after),
    });
    return rowOf(tx, after);
  });
}

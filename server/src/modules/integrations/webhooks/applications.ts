import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { WebhookApplicationRow, WebhookApplicationWithSecret, WebhookHookRow } from '#domain/webhooks-responses';
import type {
  webhookApplicationCreateSchema,
  webhookApplicationUpdateSchema,
  webhookHookInputSchema,
} from '#domain/schemas/webhooks';
import { webhookModuleOf } from '#domain/webhooks';
import type { WebhookEventName } from '#domain/webhook-events';
import type { DbOrTx } from '../../../db/client.ts';
import { apiApps, webhookApplications, webhookHooks } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { notFound, unprocessable, type FieldError } from '../../../lib/errors.ts';
import { assertPublicTarget } from '../../../lib/outbound.ts';
import { newWebhookSecret, webhookSecretBox } from './signing.ts';

type Application = typeof webhookApplications.$inferSelect;
type Hook = typeof webhookHooks.$inferSelect;
type HookInput = z.output<typeof webhookHookInputSchema>;

export const toHookRow = (h: Hook): WebhookHookRow => ({
  id: h.id,
  event: h.event as WebhookEventName,
  module: webhookModuleOf(h.event) ?? 'postventa',
  url: h.url,
  state: h.state,
  disabled_reason: h.disabledReason ?? null,
});

const toRow = (a: Application, hooks: Hook[]): WebhookApplicationRow => ({
  id: a.id,
  name: a.name,
  api_app_id: a.apiAppId,
  secret_hint: a.secretHint,
  hooks: hooks.filter((h) => h.applicationId === a.id).map(toHookRow),
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

const hint = (secret: string) => secret.slice(-4);

/**
 * Every URL must lead to a public address (or one the operator allows, AppConfig.outboundAllow): a company cannot make
 * the server call its own network (lib/outbound.ts). 422 on each refused `hooks.<i>.url`.
 */
async function assertTargets(deps: AppDeps, hooks: HookInput[]): Promise<void> {
  const errors: FieldError[] = [];
  for (const [i, hook] of hooks.entries()) {
    try {
      await assertPublicTarget(hook.url, deps.config.outboundAllow);
    } catch {
      errors.push({ field: `hooks.${i}.url`, key: 'integrations.webhooks.url_not_public' });
    }
  }
  if (errors.length) throw unprocessable(errors);
}

async function hooksOf(db: DbOrTx, applicationIds: number[]): Promise<Hook[]> {
  if (!applicationIds.length) return [];
  return db
    .select()
    .from(webhookHooks)
    .where(inArray(webhookHooks.applicationId, applicationIds))
    .orderBy(asc(webhookHooks.id));
}

/** An application of the caller's company, or 404. */
export async function loadApplication(db: DbOrTx, user: SessionUser, id: number, lock = false): Promise<Application> {
  const query = db
    .select()
    .from(webhookApplications)
    .where(and(eq(webhookApplications.id, id), eq(webhookApplications.companyId, user.companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function rowOf(db: DbOrTx, app: Application): Promise<WebhookApplicationRow> {
  return toRow(app, await hooksOf(db, [app.id]));
}

/** GET …/webhooks/aplicaciones: the company's applications by name, each with its events. */
export async function listApplications(
  deps: AppDeps,
  user: SessionUser,
  q: { api_app_id?: number },
): Promise<WebhookApplicationRow[]> {
  const db = deps.database.db;
  const apps = await db
    .select()
    .from(webhookApplications)
    .where(
      and(
        eq(webhookApplications.companyId, user.companyId),
        q.api_app_id !== undefined ? eq(webhookApplications.apiAppId, q.api_app_id) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${webhookApplications.name})`), asc(webhookApplications.id));
  const hooks = await hooksOf(
    db,
    apps.map((a) => a.id),
  );
  return apps.map((a) => toRow(a, hooks));
}

/** Hooks tied to an API app only to one of the company's apps still in use: another company's app is a 404. */
async function assertOwnApiApp(db: DbOrTx, user: SessionUser, apiAppId: number) {
  const [app] = await db
    .select({ id: apiApps.id })
    .from(apiApps)
    .where(and(eq(apiApps.id, apiAppId), eq(apiApps.companyId, user.companyId), isNull(apiApps.revokedAt)));
  if (!app) throw notFound();
}

/** POST …/webhooks/aplicaciones: the answer is the only time the secret is shown. */
export async function createApplication(
  deps: AppDeps,
  user: SessionUser,
  input: z.output<typeof webhookApplicationCreateSchema>,
): Promise<WebhookApplicationWithSecret> {
  await assertTargets(deps, input.hooks);
  if (input.api_app_id !== undefined) await assertOwnApiApp(deps.database.db, user, input.api_app_id);
  const secret = newWebhookSecret();
  return deps.database.db.transaction(async (tx) => {
    const [app] = await tx
      .insert(webhookApplications)
      .values({
        companyId: user.companyId,
        apiAppId: input.api_app_id ?? null,
        name: input.name,
        secretSealed: webhookSecretBox(deps).seal(secret),
        secretHint: hint(secret),
      })
      .returning();
    await tx
      .insert(webhookHooks)
      .values(
        input.hooks.map((h) => ({ companyId: user.companyId, applicationId: app.id, event: h.event, url: h.url })),
      );
    return { data: await rowOf(tx, app), secret };
  });
}

/** PATCH …/webhooks/aplicaciones/{id}: kept events keep their state; new ones start active; absent ones go. */
export async function updateApplication(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: z.output<typeof webhookApplicationUpdateSchema>,
): Promise<WebhookApplicationRow> {
  if (input.hooks) await assertTargets(deps, input.hooks);
  return deps.database.db.transaction(async (tx) => {
    await loadApplication(tx, user, id, true);
    const [app] = await tx
      .update(webhookApplications)
      .set({ ...(input.name !== undefined ? { name: input.name } : {}), updatedAt: sql`now()` })
      .where(eq(webhookApplications.id, id))
      .returning();
    if (input.hooks) {
      const events = input.hooks.map((h) => h.event);
      await tx
        .delete(webhookHooks)
        .where(and(eq(webhookHooks.applicationId, id), notInArray(webhookHooks.event, events)));
      for (const h of input.hooks) {
        await tx
          .insert(webhookHooks)
          .values({ companyId: user.companyId, applicationId: id, event: h.event, url: h.url })
          .onConflictDoUpdate({
            target: [webhookHooks.applicationId, webhookHooks.event],
            set: { url: h.url, updatedAt: sql`now()` },
          });
      }
    }
    return rowOf(tx, app);
  });
}

/** DELETE …/webhooks/aplicaciones/{id}: its events, deliveries and logs go with it. */
export async function deleteApplication(deps: AppDeps, user: SessionUser, id: number): Promise<void> {
  await loadApplication(deps.database.db, user, id);
  await deps.database.db.delete(webhookApplications).where(eq(webhookApplications.id, id));
}

/** POST …/webhooks/aplicaciones/{id}/renovar-secreto: a new secret, shown once; the old one stops signing at once. */
export async function renewApplicationSecret(
  deps: AppDeps,
  user: SessionUser,
  id: number,
): Promise<WebhookApplicationWithSecret> {
  await loadApplication(deps.database.db, user, id);
  const secret = newWebhookSecret();
  const [app] = await deps.database.db
    .update(webhookApplications)
    .set({ secretSealed: webhookSecretBox(deps).seal(secret), secretHint: hint(secret), updatedAt: sql`now()` })
    .where(eq(webhookApplications.id, id))
    .returning();
  return { data: await rowOf(deps.database.db, app), secret };
}

/** The plain secret of an application, to sign with. */
export const openSecret = (deps: AppDeps, app: Pick<Application, 'secretSealed'>) =>
  webhookSecretBox(deps).open(app.secretSealed);

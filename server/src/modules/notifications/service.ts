import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { NOTIFICATION_RETENTION_DAYS } from '#domain/limits';
import type {
  NotificationFilter,
  NotificationItem,
  NotificationPreference,
  NotificationPreferencesInput,
} from '#domain/schemas/notifications';
import { notificationPreferences, notifications, users } from '../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../http/context.ts';
import type { Translate } from '../../lib/i18n.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { envelope, offsetOf, type PageQuery } from '../../lib/paging.ts';
import type { ModuleRegistry } from '../../registry.ts';
import { recordEvent, transactionWithEvents } from '../../events/outbox.ts';
import { labelKey, NOTIFICATION_TYPES } from './catalogue.ts';

export { NOTIFY_BOTH, NOTIFY_IN_APP } from './catalogue.ts';
import { emailReachable, notificationHandler } from './consumer.ts';
import { renderParams } from './texts.ts';

/**
 * The consumer that feeds notifications from the outbox, run by the event flow (events/flow.ts), and
 * the catalogue of notification types; called once where the process is assembled
 * (server/src/modules.ts). Other modules add the types they notify about with
 * registry.notificationType in their own register function.
 */
export function registerNotifications(registry: ModuleRegistry): void {
  registry.outboxConsumer('notifications', notificationHandler);
  for (const entry of NOTIFICATION_TYPES) registry.notificationType(entry);
}

const DAY = 86_400_000;
/** docs/product.md §9: notifications are kept and listed for 15 days. */
const windowStart = () => new Date(Date.now() - NOTIFICATION_RETENTION_DAYS * DAY);
const mine = (user: SessionUser) =>
  and(
    eq(notifications.companyId, user.companyId),
    eq(notifications.userId, user.id),
    gte(notifications.createdAt, windowStart()),
  );

function toItem(t: Translate, n: typeof notifications.$inferSelect): NotificationItem {
  const params = renderParams(t, n.params);
  return {
    id: n.id,
    type: n.type,
    title: t(n.titleKey, params),
    body: t(n.bodyKey, params),
    link: n.link,
    read: n.readAt !== null,
    read_at: n.readAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  };
}

export async function listNotifications(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  q: PageQuery & { estado: NotificationFilter },
) {
  const db = deps.database.db;
  const where = and(
    mine(user),
    q.estado === 'leidas'
      ? isNotNull(notifications.readAt)
      : q.estado === 'no_leidas'
        ? isNull(notifications.readAt)
        : undefined,
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.rowsPerPage)
    .offset(offsetOf(q));
  return envelope(
    rows.map((n) => toItem(t, n)),
    total,
    q,
  );
}

export async function unreadCount(deps: AppDeps, user: SessionUser): Promise<number> {
  const [{ n }] = await deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(mine(user), isNull(notifications.readAt)));
  return n;
}

/** Read or unread; other tabs of the same user hear about it through their topic. */
export async function markRead(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  id: number,
  read: boolean,
): Promise<NotificationItem> {
  return transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
      .where(and(eq(notifications.id, id), mine(user)))
      .returning();
    if (!row) throw notFound();
    await recordEvent(tx, {
      type: 'notification.read',
      companyId: user.companyId,
      userId: user.id,
      actorId: user.id,
      data: { notificationId: id, read },
    });
    return toItem(t, row);
  });
}

export async function markAllRead(deps: AppDeps, user: SessionUser): Promise<number> {
  return transactionWithEvents(deps, async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine(user), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (rows.length)
      await recordEvent(tx, {
        type: 'notification.read',
        companyId: user.companyId,
        userId: user.id,
        actorId: user.id,
        data: { all: true, read: true },
      });
    return rows.length;
  });
}

export async function getPreferences(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
): Promise<NotificationPreference[]> {
  const db = deps.database.db;
  const saved = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const [me] = await db
    .select({ kind: users.kind, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, user.id));
  const emailAvailable = !!me && emailReachable(me);
  return deps.registry.notificationTypes().map((entry) => {
    const s = saved.find((p) => p.eventType === entry.type);
    return {
      type: entry.type,
      label: t(labelKey(entry.type)),
      group: t(`notifications.groups.${entry.group}`),
      in_app: s ? s.inApp : entry.defaults.inApp,
      email: emailAvailable && (s ? s.email : entry.defaults.email || user.kind === 'owner'),
      email_available: emailAvailable,
    };
  });
}

export async function savePreferences(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  input: NotificationPreferencesInput,
) {
  const unknown = input.preferences.findIndex((p) => !deps.registry.notificationTypeOf(p.type));
  if (unknown >= 0)
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: `preferences.${unknown}.type`, key: 'validation.invalid' },
    ]);
  await deps.database.db.transaction(async (tx) => {
    for (const p of input.preferences) {
      await tx
        .insert(notificationPreferences)
        .values({ userId: user.id, companyId: user.companyId, eventType: p.type, inApp: p.in_app, email: p.email })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.eventType],
          set: { inApp: p.in_app, email: p.email, updatedAt: new Date() },
        });
    }
  });
  return getPreferences(deps, user, t);
}

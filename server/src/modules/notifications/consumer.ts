import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { can } from '#domain/permissions';
import { NOTIFICATION_RETENTION_DAYS } from '#domain/limits';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences, notifications, profiles, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../http/context.ts';
import { pickLocale, translator } from '../../lib/i18n.ts';
import { internalsOf, recordEvent, toLiveEvent, type OutboxRow } from '../../events/outbox.ts';
import type { ConsumerHandler } from '../../events/consumer.ts';
import { bodyKey, GENERIC, titleKey } from './catalogue.ts';
import { renderParams } from './texts.ts';

const DAY = 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

type Recipient = {
  id: number;
  kind: 'staff' | 'owner';
  email: string | null;
  emailVerifiedAt: Date | null;
  locale: string | null;
  firstName: string;
  lastName: string;
  permissions: string[];
};

/** Words some types' texts name beyond ref and subject: a Cmanagement task and its date, a mention's excerpt. */
const EXTRA_WORDS = ['task', 'date', 'excerpt'] as const;
const extraWords = (data: Record<string, unknown>) =>
  Object.fromEntries(EXTRA_WORDS.flatMap((k) => (typeof data[k] === 'string' ? [[k, data[k]]] : [])));

/**
 * Turns domain events into notifications (docs/product.md §6): one per event and recipient (unique index,
 * so a redelivered batch changes nothing), in the channels each recipient chose. In-app needs the
 * permission to view notifications; e-mail needs an address, verified for owners (docs/product.md §5). The
 * actor is not told about their own action. Each new notification is pushed live through the
 * recipient's topic.
 */
export function notificationHandler(deps: AppDeps): ConsumerHandler {
  let lastPurge = 0;
  return async (tx, events) => {
    const afterCommit: (() => Promise<void>)[] = [];
    let wroteEvents = false;
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await purgeExpiredNotifications(tx);
    }
    for (const row of events) {
      const { notify, link, labels } = internalsOf(row);
      if (!notify?.length) continue;
      const event = toLiveEvent(row);
      const entry = deps.registry.notificationTypeOf(row.type);
      const recipients = await loadRecipients(
        tx,
        row.companyId,
        notify.filter((id) => id !== event.actorId),
      );
      if (!recipients.length) continue;
      const prefs = await tx
        .select()
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.eventType, row.type),
            inArray(
              notificationPreferences.userId,
              recipients.map((r) => r.id),
            ),
          ),
        );
      const actor = event.actorId ? await actorName(tx, row.companyId, event.actorId) : '';
      const params = {
        ...(labels?.entity ? { entity: { key: labels.entity } } : {}),
        ...(labels?.action ? { action: { key: labels.action } } : {}),
        ...(labels?.state ? { state: { key: labels.state } } : {}),
        ref: String(event.data.ref ?? event.data.code ?? (event.entity ? `#${event.entity.id}` : '')),
        subject: String(event.data.subject ?? ''),
        ...extraWords(event.data),
        actor,
      };
      const title = entry ? titleKey(row.type) : GENERIC.title;
      const body = entry ? bodyKey(row.type) : GENERIC.body;
      for (const r of recipients) {
        const pref = prefs.find((p) => p.userId === r.id);
        const defaults = entry?.defaults ?? { inApp: true, email: false };
        const wantsInApp = pref ? pref.inApp : defaults.inApp;
        const wantsEmail = pref ? pref.email : defaults.email || (r.kind === 'owner' && !!entry);
        const inApp = wantsInApp && can(r.permissions, 'ver_notificaciones');
        const email = wantsEmail && emailReachable(r) ? r.email : null;
        if (inApp) {
          const [created] = await tx
            .insert(notifications)
            .values({
              companyId: row.companyId,
              userId: r.id,
              eventId: row.id,
              type: row.type,
              titleKey: title,
              bodyKey: body,
              params,
              link: link ?? null,
            })
            .onConflictDoNothing()
            .returning({ id: notifications.id });
          if (created) {
            await recordEvent(tx, {
              type: 'notification.created',
              companyId: row.companyId,
              userId: r.id,
              data: { notificationId: created.id, type: row.type },
            });
            wroteEvents = true;
          }
        }
        if (email) afterCommit.push(() => sendMail(deps, row, r, email, { title, body, params, link }));
      }
    }
    return { afterCommit, wroteEvents };
  };
}

/** docs/product.md §9: notifications are kept for 15 days; older ones are deleted. */
export async function purgeExpiredNotifications(db: Tx | Db): Promise<number> {
  const gone = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, new Date(Date.now() - NOTIFICATION_RETENTION_DAYS * DAY)))
    .returning({ id: notifications.id });
  return gone.length;
}

/** docs/product.md §5: an owner without a verified e-mail cannot get notifications by mail. */
export const emailReachable = (r: Pick<Recipient, 'kind' | 'email' | 'emailVerifiedAt'>) =>
  !!r.email && (r.kind === 'staff' || r.emailVerifiedAt !== null);

async function loadRecipients(tx: Tx, companyId: number, ids: number[]): Promise<Recipient[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ user: users, permissions: profiles.permissions })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.profileId))
    .where(
      and(inArray(users.id, ids), eq(users.companyId, companyId), eq(users.isActive, true), isNull(users.deletedAt)),
    );
  return rows.map(({ user, permissions }) => ({
    id: user.id,
    kind: user.kind,
    email: user.email,
    emailVerifiedAt: user.emailVerifiedAt,
    locale: user.locale,
    firstName: user.firstName,
    lastName: user.lastName,
    permissions: permissions ?? [],
  }));
}

async function actorName(tx: Tx, companyId: number, id: number): Promise<string> {
  const [u] = await tx
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
  return u ? `${u.first} ${u.last}`.trim() : '';
}

async function sendMail(
  deps: AppDeps,
  row: OutboxRow,
  r: Recipient,
  to: string,
  n: { title: string; body: string; params: Record<string, unknown>; link?: string },
) {
  const t = translator(pickLocale(r.locale));
  const p = renderParams(t, n.params);
  const url = n.link ? `${deps.config.publicUrl}${n.link}` : deps.config.publicUrl;
  await deps.mailer.send({
    to,
    companyId: row.companyId,
    subject: t(n.title, p),
    text: t('notifications.mail.body', { name: r.firstName, text: t(n.body, p), url }),
  });
}

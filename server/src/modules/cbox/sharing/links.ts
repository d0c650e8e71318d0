import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxLink } from '#domain/cbox-responses';
import type { cboxLinkCreateSchema } from '#domain/schemas/cbox';
import type { DbOrTx } from '../../../db/client.ts';
import { cboxLinks, companies } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { notFound, unprocessable } from '../../../lib/errors.ts';
import { timezoneOf } from '../../../lib/time-zones.ts';
import { hashPassword } from '../../../auth/password.ts';
import { newToken, sha256 } from '../../../auth/tokens.ts';
import { recordActivity } from '../shared/activity.ts';
import { peopleOf } from '../shared/items.ts';
import { activityTarget, loadTarget, targetColumns, type SharedItem } from './target.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Share links for people outside the company (docs/product.md §6): a 256-bit token of which only the SHA-256 is
 * kept (as API app secrets, server/src/modules/integrations/api-apps/credentials.ts), so the address is shown once;
 * an expiry day; an optional password hashed like account passwords (argon2id, server/src/auth/password.ts).
 */
type LinkRow = typeof cboxLinks.$inferSelect;
type LinkCreate = z.output<typeof cboxLinkCreateSchema>;

/** Where outsiders open a link (client/src/modules/cbox/public-link/). */
export const linkPagePath = (token: string) => `/compartido/${token}`;
export const hashLinkToken = sha256;

async function linksOut(db: DbOrTx, rows: LinkRow[]): Promise<CboxLink[]> {
  const people = await peopleOf(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    has_password: r.passwordHash !== null,
    expires_at: r.expiresAt.toISOString(),
    revoked_at: r.revokedAt?.toISOString() ?? null,
    created_by: r.createdBy !== null ? (people.get(r.createdBy) ?? null) : null,
    created_at: r.createdAt.toISOString(),
    last_opened_at: r.lastOpenedAt?.toISOString() ?? null,
    open_count: r.openCount,
  }));
}

/** GET biblioteca/enlaces: an item's links, newest first, revoked and expired ones included (their dates say so). */
export async function listLinks(db: DbOrTx, user: SessionUser, item: SharedItem): Promise<CboxLink[]> {
  const on = item.kind === 'folder' ? eq(cboxLinks.folderId, item.id) : eq(cboxLinks.cboxFileId, item.id);
  const rows = await db
    .select()
    .from(cboxLinks)
    .where(and(eq(cboxLinks.companyId, user.companyId), on))
    .orderBy(desc(cboxLinks.createdAt), desc(cboxLinks.id));
  return linksOut(db, rows);
}

/**
 * The instant a link stops working: the end of its last day in the company's time zone. The day may be today and at
 * most CBOX_LIMITS.linkMaxDays ahead; otherwise a 422 on expires_on.
 */
async function expiryOf(db: DbOrTx, companyId: number, day: string, now = new Date()): Promise<Date> {
  const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  const zone = timezoneOf(company?.country);
  const today = dayjs(now).tz(zone).format('YYYY-MM-DD');
  const last = dayjs(today).add(CBOX_LIMITS.linkMaxDays, 'day').format('YYYY-MM-DD');
  if (day < today) throw unprocessable([{ field: 'expires_on', key: 'cbox.errors.link_expiry_past' }]);
  if (day > last)
    throw unprocessable([
      { field: 'expires_on', key: 'cbox.errors.link_expiry_too_far', params: { days: CBOX_LIMITS.linkMaxDays } },
    ]);
  return dayjs.tz(day, zone).add(1, 'day').toDate();
}

/** POST biblioteca/enlaces: the link, with its address (`url`) this once. */
export async function createLink(
  deps: AppDeps,
  user: SessionUser,
  input: LinkCreate,
  origin: string,
): Promise<CboxLink & { url: string }> {
  const db = deps.database.db;
  const item = await loadTarget(db, user, input, 'can-share');
  const expiresAt = await expiryOf(db, user.companyId, input.expires_on);
  const token = newToken();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const label = input.label?.trim() || null;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(cboxLinks)
      .values({
        companyId: user.companyId,
        ...targetColumns(item),
        tokenHash: hashLinkToken(token),
        label,
        passwordHash,
        expiresAt,
        createdBy: user.id,
      })
      .returning();
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action: 'link_created',
        actorId: user.id,
        linkId: created.id,
        ...activityTarget(item),
        detail: { label, expires_on: input.expires_on, has_password: passwordHash !== null },
      },
    ]);
    return created;
  });
  const [out] = await linksOut(db, [row]);
  return { ...out, url: `${origin}${linkPagePath(token)}` };
}

/** DELETE biblioteca/enlaces/{id}: the link stops working at once (kept, revoked, for the log). */
export async function revokeLink(deps: AppDeps, user: SessionUser, linkId: number): Promise<void> {
  const db = deps.database.db;
  const [link] = await db
    .select()
    .from(cboxLinks)
    .where(and(eq(cboxLinks.id, linkId), eq(cboxLinks.companyId, user.companyId)));
  if (!link) throw notFound();
  const item = await loadTarget(db, user, { folder_id: link.folderId, file_id: link.cboxFileId }, 'can-share');
  if (link.revokedAt) return;
  await db.transaction(async (tx) => {
    await tx
      .update(cboxLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(cboxLinks.id, link.id), isNull(cboxLinks.revokedAt)));
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action: 'link_revoked',
        actorId: user.id,
        linkId: link.id,
        ...activityTarget(item),
        detail: { label: link.label },
      },
    ]);
  });
}

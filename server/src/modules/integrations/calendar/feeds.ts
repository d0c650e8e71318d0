import { and, desc, eq } from 'drizzle-orm';
import type { CalendarFeedRow, CalendarFeedView } from '#domain/integrations-responses';
import { calendarFeeds } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { newToken, sha256 } from '../../../auth/tokens.ts';
import { createSecretBox } from '../../../lib/secret-box.ts';
import { notFound } from '../../../lib/errors.ts';
import { userBriefs } from '../../../db/staff.ts';
import { actorOf, recordAudit } from '../../config/service.ts';
import { calendarRunning } from './invites.ts';

type FeedRow = typeof calendarFeeds.$inferSelect;

/** The path a calendar subscribes to, under the app's public address (server/src/app.ts mounts it). */
export const FEED_PATH = '/calendario';
const box = (deps: AppDeps) => createSecretBox(deps.config.signingSecret, 'calendar-feeds');

/** A fresh secret: random 32 bytes (base64url), stored as its hash for look-up and sealed for its owner. */
function freshToken(deps: AppDeps) {
  const token = newToken();
  return { tokenHash: sha256(token), tokenSealed: box(deps).seal(token) };
}

export function feedUrls(publicUrl: string, token: string) {
  const url = `${publicUrl}${FEED_PATH}/${token}.ics`;
  const webcal = url.replace(/^https?:\/\//, 'webcal://');
  return {
    url,
    webcal_url: webcal,
    google_url: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  };
}

async function viewOf(deps: AppDeps, row: FeedRow): Promise<CalendarFeedView> {
  return {
    ...feedUrls(deps.config.publicUrl, box(deps).open(row.tokenSealed)),
    running: await calendarRunning(deps, row.companyId),
    created_at: row.createdAt.toISOString(),
    rotated_at: row.rotatedAt?.toISOString() ?? null,
    last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
  };
}

/** The caller's own feed, made on the first read (one per user; the unique index settles a race). */
export async function myFeed(deps: AppDeps, user: SessionUser): Promise<CalendarFeedView> {
  const db = deps.database.db;
  const [existing] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  if (existing) return viewOf(deps, existing);
  await db
    .insert(calendarFeeds)
    .values({ companyId: user.companyId, userId: user.id, ...freshToken(deps) })
    .onConflictDoNothing();
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return viewOf(deps, row);
}

/** A new secret for the caller's feed: the old URL answers 404 from now on. */
export async function rotateMyFeed(deps: AppDeps, user: SessionUser): Promise<CalendarFeedView> {
  const db = deps.database.db;
  const fresh = freshToken(deps);
  const [row] = await db
    .insert(calendarFeeds)
    .values({ companyId: user.companyId, userId: user.id, ...fresh, rotatedAt: new Date() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { ...fresh, rotatedAt: new Date() } })
    .returning();
  return viewOf(deps, row);
}

/** Everyone of the company with a feed, for the administrators' page (never their URLs). */
export async function listFeeds(deps: AppDeps, user: SessionUser): Promise<CalendarFeedRow[]> {
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.companyId, user.companyId))
    .orderBy(desc(calendarFeeds.lastFetchedAt), desc(calendarFeeds.id));
  const people = await userBriefs(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => ({
    user: people.get(r.userId)!,
    created_at: r.createdAt.toISOString(),
    rotated_at: r.rotatedAt?.toISOString() ?? null,
    last_fetched_at: r.lastFetchedAt?.toISOString() ?? null,
  }));
}

/** An administrator revokes one person's feed (their URL answers 404; their next visit to the page makes a new one). */
export async function revokeFeed(deps: AppDeps, user: SessionUser, userId: number) {
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.companyId, user.companyId), eq(calendarFeeds.userId, userId)))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, actorOf(user), {
      entity: 'integration',
      entityId: null,
      action: 'deleted',
      before: { kind: 'calendario', feed_of_user_id: userId },
      after: null,
    });
  });
}

/** The feed of a URL's token, or undefined (unknown, rotated or revoked); notes when a calendar last read it. */
export async function feedOfToken(deps: AppDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await deps.database.db
    .update(calendarFeeds)
    .set({ lastFetchedAt: new Date() })
    .where(eq(calendarFeeds.tokenHash, sha256(token)))
    .returning();
  return row;
}

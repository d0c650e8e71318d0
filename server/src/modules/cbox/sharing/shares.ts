import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { mayGrant, normalizeLevels, type CboxLevel } from '#domain/cbox';
import type { CboxShare } from '#domain/cbox-responses';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import type { z } from 'zod';
import type { cboxShareCreateSchema } from '#domain/schemas/cbox';
import { rowsOf, type DbOrTx } from '../../../db/client.ts';
import { cboxShares, profiles, users } from '../../../db/schema/index.ts';
import { fullName } from '../../../db/staff.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { recordActivity } from '../shared/activity.ts';
import { folderChanged } from '../shared/events.ts';
import { peopleOf } from '../shared/items.ts';
import { activityTarget, loadTarget, targetColumns, type SharedItem } from './target.ts';

/**
 * docs/product.md §6 sharing: who holds levels on an item by a share, given to a user or to a profile, on the item or
 * on a folder above it. A sharer needs can-share and grants only what they hold (mayGrant in domain/cbox.ts).
 */
type ShareRow = typeof cboxShares.$inferSelect;
type ShareCreate = z.output<typeof cboxShareCreateSchema>;

export const levelsOfShare = (s: { canEdit: boolean; canShare: boolean }): CboxLevel[] =>
  normalizeLevels([...(s.canEdit ? (['can-edit'] as const) : []), ...(s.canShare ? (['can-share'] as const) : [])]);

const levelColumns = (levels: readonly CboxLevel[]) => ({
  canEdit: levels.includes('can-edit'),
  canShare: levels.includes('can-share'),
});

const levelExceeded = () => new ApiError(403, 'cbox.errors.share_level_exceeded');

/** Rows → answers, naming subjects and granters in one query each. */
async function sharesOut(
  db: DbOrTx,
  rows: ShareRow[],
  inheritedFrom: (row: ShareRow) => { id: number; name: string } | null,
): Promise<CboxShare[]> {
  const userIds = rows.map((r) => r.userId);
  const profileIds = rows.flatMap((r) => (r.profileId !== null ? [r.profileId] : []));
  const [people, profileRows] = await Promise.all([
    peopleOf(db, [...userIds, ...rows.map((r) => r.grantedBy)]),
    profileIds.length
      ? db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, profileIds))
      : Promise.resolve([]),
  ]);
  const profileNames = new Map(profileRows.map((p) => [p.id, p.name]));
  return rows.map((r) => ({
    id: r.id,
    subject:
      r.subjectKind === 'user'
        ? { kind: 'user', id: r.userId!, name: people.get(r.userId!)?.name ?? '' }
        : { kind: 'profile', id: r.profileId!, name: profileNames.get(r.profileId!) ?? '' },
    levels: levelsOfShare(r),
    inherited_from: inheritedFrom(r),
    granted_by: r.grantedBy !== null ? (people.get(r.grantedBy) ?? null) : null,
    created_at: r.createdAt.toISOString(),
  }));
}

/** The shares on an item, then those it inherits from the folders above it (nearest first). */
export async function listShares(db: DbOrTx, user: SessionUser, item: SharedItem): Promise<CboxShare[]> {
  const aboveIds = item.above.map((f) => f.id);
  const own = item.kind === 'folder' ? eq(cboxShares.folderId, item.id) : eq(cboxShares.cboxFileId, item.id);
  const rows = await db
    .select()
    .from(cboxShares)
    .where(
      and(
        eq(cboxShares.companyId, user.companyId),
        aboveIds.length ? or(own, inArray(cboxShares.folderId, aboveIds)) : own,
      ),
    )
    .orderBy(asc(cboxShares.createdAt), asc(cboxShares.id));
  const depth = new Map(item.above.map((f, i) => [f.id, i]));
  const isOwn = (r: ShareRow) => (item.kind === 'folder' ? r.folderId === item.id : r.cboxFileId === item.id);
  const sorted = [
    ...rows.filter(isOwn),
    ...rows.filter((r) => !isOwn(r)).sort((a, b) => depth.get(a.folderId!)! - depth.get(b.folderId!)!),
  ];
  return sharesOut(db, sorted, (r) => (isOwn(r) ? null : (item.above.find((f) => f.id === r.folderId) ?? null)));
}

/** A staff user (active) or a profile of the caller's company, with the name the activity log shows; else 404. */
async function subjectOf(db: DbOrTx, user: SessionUser, kind: 'user' | 'profile', id: number) {
  if (kind === 'user') {
    const [row] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.id, id),
          eq(users.companyId, user.companyId),
          eq(users.kind, 'staff'),
          eq(users.isActive, true),
          isNull(users.deletedAt),
        ),
      );
    if (!row) throw notFound();
    return { name: fullName(row), userId: row.id, profileId: null };
  }
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.companyId, user.companyId)));
  if (!row) throw notFound();
  return { name: row.name, userId: null, profileId: row.id };
}

/** Listings that change when a share on the item changes: its own (a folder), where it sits, and the root's aliases. */
const changedFolders = (item: SharedItem) => [...(item.kind === 'folder' ? [item.id] : []), item.parentId, null];

/** POST biblioteca/compartir: gives (or, for a subject that already has one here, changes) a share. */
export async function createShare(deps: AppDeps, user: SessionUser, input: ShareCreate): Promise<CboxShare> {
  const db = deps.database.db;
  const levels = normalizeLevels(input.levels);
  const item = await loadTarget(db, user, input, 'can-share');
  if (!mayGrant(item.levels, levels)) throw levelExceeded();
  const subject = await subjectOf(db, user, input.subject_kind, input.subject_id);
  const target = targetColumns(item);
  const { canEdit, canShare } = levelColumns(levels);
  const row = await db.transaction(async (tx) => {
    // The unique index cbox_shares_uq (server/src/db/schema/cbox.ts): one share per item and subject.
    const upserted = await tx.execute(sql`
      insert into cbox_shares (company_id, folder_id, cbox_file_id, subject_kind, user_id, profile_id, can_edit, can_share, granted_by)
      values (${user.companyId}, ${target.folderId}, ${target.cboxFileId}, ${input.subject_kind}, ${subject.userId},
              ${subject.profileId}, ${canEdit}, ${canShare}, ${user.id})
      on conflict (coalesce(folder_id, 0), coalesce(cbox_file_id, 0), coalesce(user_id, 0), coalesce(profile_id, 0))
      do update set can_edit = excluded.can_edit, can_share = excluded.can_share, granted_by = excluded.granted_by
        -- Changing a share is bound as PATCH is: the caller must hold what it grants now, too.
        where (not cbox_shares.can_edit or ${item.levels.includes('can-edit')})
          and (not cbox_shares.can_share or ${item.levels.includes('can-share')})
      returning id`);
    const [changed] = rowsOf<{ id: number }>(upserted);
    if (!changed) throw levelExceeded();
    const id = Number(changed.id);
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action: 'shared',
        actorId: user.id,
        ...activityTarget(item),
        detail: { subject: subject.name, subject_kind: input.subject_kind, levels },
      },
    ]);
    const [saved] = await tx.select().from(cboxShares).where(eq(cboxShares.id, id));
    await folderChanged(tx, {
      companyId: user.companyId,
      actorId: user.id,
      action: 'shared',
      folderIds: changedFolders(item),
    });
    return saved;
  });
  const [out] = await sharesOut(db, [row], () => null);
  return out;
}

/** A share of the caller's company on an item they may share, within their own levels (its current ones too). */
async function loadShareToChange(db: DbOrTx, user: SessionUser, shareId: number) {
  const [share] = await db
    .select()
    .from(cboxShares)
    .where(and(eq(cboxShares.id, shareId), eq(cboxShares.companyId, user.companyId)));
  if (!share) throw notFound();
  const item = await loadTarget(db, user, { folder_id: share.folderId, file_id: share.cboxFileId }, 'can-share');
  // Changing a grant above one's own would be granting (or taking) what one does not hold.
  if (!mayGrant(item.levels, levelsOfShare(share))) throw levelExceeded();
  return { share, item };
}

const subjectName = async (db: DbOrTx, share: ShareRow) => (await sharesOut(db, [share], () => null))[0].subject.name;

/** PATCH biblioteca/compartir/{id}. */
export async function updateShare(
  deps: AppDeps,
  user: SessionUser,
  shareId: number,
  requested: CboxLevel[],
): Promise<CboxShare> {
  const db = deps.database.db;
  const { share, item } = await loadShareToChange(db, user, shareId);
  const levels = normalizeLevels(requested);
  if (!mayGrant(item.levels, levels)) throw levelExceeded();
  const name = await subjectName(db, share);
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(cboxShares)
      .set({ ...levelColumns(levels), grantedBy: user.id })
      .where(eq(cboxShares.id, share.id))
      .returning();
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action: 'shared',
        actorId: user.id,
        ...activityTarget(item),
        detail: { subject: name, subject_kind: share.subjectKind, levels },
      },
    ]);
    await folderChanged(tx, {
      companyId: user.companyId,
      actorId: user.id,
      action: 'shared',
      folderIds: changedFolders(item),
    });
    return saved;
  });
  const [out] = await sharesOut(db, [row], () => null);
  return out;
}

/** DELETE biblioteca/compartir/{id}. */
export async function deleteShare(deps: AppDeps, user: SessionUser, shareId: number): Promise<void> {
  const db = deps.database.db;
  const { share, item } = await loadShareToChange(db, user, shareId);
  const name = await subjectName(db, share);
  await db.transaction(async (tx) => {
    await tx.delete(cboxShares).where(eq(cboxShares.id, share.id));
    await recordActivity(tx, [
      {
        companyId: user.companyId,
        action: 'unshared',
        actorId: user.id,
        ...activityTarget(item),
        detail: { subject: name, subject_kind: share.subjectKind },
      },
    ]);
    await folderChanged(tx, {
      companyId: user.companyId,
      actorId: user.id,
      action: 'unshared',
      folderIds: changedFolders(item),
    });
  });
}

/** GET biblioteca/destinatarios: active staff with the library (the caller aside) and the company's profiles. */
export async function subjectOptions(db: DbOrTx, user: SessionUser) {
  const [staff, profileRows] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(
        and(
          eq(users.companyId, user.companyId),
          eq(users.kind, 'staff'),
          eq(users.isActive, true),
          isNull(users.deletedAt),
          sql`${users.id} <> ${user.id}`,
          sql`${profiles.permissions} @> ${JSON.stringify([MODULE_PERMISSIONS.cbox])}::jsonb`,
        ),
      ),
    db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(eq(profiles.companyId, user.companyId)),
  ]);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es');
  return {
    users: staff.map((u) => ({ id: u.id, name: fullName(u) })).sort(byName),
    profiles: profileRows.sort(byName),
  };
}

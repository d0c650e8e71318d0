import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AttachmentView } from '#domain/responses';
import { MODULE_PERMISSIONS, can } from '#domain/permissions';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { companies, files, receptionFollowUps, receptionItems, receptions } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import { timezoneOf } from '../../../lib/time-zones.ts';
import { attachFiles, detachFiles, readableFile } from '../../files/service.ts';
import { RECEPTION_FILES } from '../shared/events.ts';
import { visibleProjects } from '../shared/scope.ts';

/**
 * What the receptions and follow-ups share beyond shared/: the company's today, the photos and signatures attached to
 * their rows (files.entity_type RECEPTION_FILES), who hears of an observed reception, and who may read those files.
 */

/** A date as YYYY-MM-DD in a time zone. */
export const isoDayIn = (now: Date, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Today in the company's time zone (its country's), as the inspection's dates are written. */
export async function todayOf(db: DbOrTx, companyId: number, now = new Date()): Promise<string> {
  const [c] = await db.select({ country: companies.country }).from(companies).where(eq(companies.id, companyId));
  return isoDayIn(now, timezoneOf(c?.country));
}

export type AttachedFile = AttachmentView & { entityId: number; id: number };

/** The files attached to rows of one entity type, by row id (upload order). */
export async function attachedFiles(
  db: DbOrTx,
  companyId: number,
  type: string,
  ids: readonly number[],
): Promise<Map<number, AttachedFile[]>> {
  const out = new Map<number, AttachedFile[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      id: files.id,
      entityId: files.entityId,
      path: files.path,
      name: files.name,
      size: files.size,
      type: files.mime,
    })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.entityType, type), inArray(files.entityId, [...ids])))
    .orderBy(asc(files.id));
  for (const r of rows) {
    const list = out.get(r.entityId!) ?? [];
    list.push({ id: r.id, entityId: r.entityId!, path: r.path, name: r.name, size: r.size ?? 0, type: r.type });
    out.set(r.entityId!, list);
  }
  return out;
}

export const attachmentView = (f: AttachedFile): AttachmentView => ({
  path: f.path,
  name: f.name,
  size: f.size,
  type: f.type,
});

/**
 * Photo paths of a request: each an image the caller may read that is not attached to anything else than `entity`
 * (a fresh upload of theirs, or a photo it already holds); anything else is a 422 on `field`.
 */
export async function checkPhotoPaths(
  deps: AppDeps,
  user: SessionUser,
  paths: readonly string[],
  entity: { type: string; id: number | null },
  field: string,
): Promise<string[]> {
  const unique = [...new Set(paths)];
  for (const [i, path] of unique.entries()) {
    const row = await readableFile(deps, user, path).catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return undefined;
      throw error;
    });
    const foreign = row?.entityType && !(row.entityType === entity.type && row.entityId === entity.id);
    if (!row || foreign || row.category !== 'image')
      throw unprocessable([{ field: `${field}.${i}`, key: 'verifications.errors.invalid_photo' }]);
  }
  return unique;
}

/** Makes `paths` the photos of `entity`: the new ones attached, the ones left out back to their uploader alone. */
export async function replacePhotos(
  deps: AppDeps,
  companyId: number,
  entity: { type: string; id: number },
  paths: readonly string[],
): Promise<void> {
  const current = (await attachedFiles(deps.database.db, companyId, entity.type, [entity.id])).get(entity.id) ?? [];
  const removed = current.map((f) => f.path).filter((p) => !paths.includes(p));
  if (removed.length) await detachFiles(deps, companyId, removed, entity);
  const added = paths.filter((p) => !current.some((f) => f.path === p));
  if (added.length) await attachFiles(deps, companyId, added, entity);
}

/**
 * registry.fileAccess for the three RECEPTION_FILES types: staff with the module who see the project of the reception
 * the file belongs to (a checkpoint's photo, a signature, a follow-up's closing photo).
 */
export async function mayReadReceptionFile(
  db: Db,
  user: SessionUser,
  type: string,
  entityId: number,
): Promise<boolean> {
  if (user.kind !== 'staff' || !can(user.permissions, MODULE_PERMISSIONS.verifications)) return false;
  const scope = and(eq(receptions.companyId, user.companyId), inArray(receptions.projectId, visibleProjects(user)));
  const query =
    type === RECEPTION_FILES.itemPhoto
      ? db
          .select({ id: receptions.id })
          .from(receptionItems)
          .innerJoin(receptions, eq(receptions.id, receptionItems.receptionId))
          .where(and(eq(receptionItems.id, entityId), scope))
      : type === RECEPTION_FILES.followUpPhoto
        ? db
            .select({ id: receptions.id })
            .from(receptionFollowUps)
            .innerJoin(receptions, eq(receptions.id, receptionFollowUps.receptionId))
            .where(and(eq(receptionFollowUps.id, entityId), scope))
        : db
            .select({ id: receptions.id })
            .from(receptions)
            .where(and(eq(receptions.id, entityId), scope));
  const [row] = await query;
  return Boolean(row);
}

import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { can } from '#domain/permissions';
import {
  SAVED_VIEWS_PER_USER_MAX,
  SHARE_VIEWS,
  type SavedViewList,
  savedViewCreateSchema,
  savedViewUpdateSchema,
} from '#domain/saved-views';
import type { SavedView } from '#domain/saved-views-responses';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { savedViews, users } from '../../../db/schema/index.ts';
import { fullName } from '../../../db/staff.ts';
import type { SessionUser } from '../../../http/context.ts';
import { forbidden, isUniqueViolation, notFound, unprocessable } from '../../../lib/errors.ts';

type Row = typeof savedViews.$inferSelect;
const NAME_TAKEN = [{ field: 'name', key: 'after_sales.views.name_taken' }];

/** The caller's own views of a list and those colleagues shared with the company (docs/product.md §2 Saved views). */
const visibleTo = (user: SessionUser) =>
  and(eq(savedViews.companyId, user.companyId), or(eq(savedViews.userId, user.id), eq(savedViews.shared, true)));

function shape(user: SessionUser, row: Row, owner: { firstName: string; lastName: string }): SavedView {
  const isMine = row.userId === user.id;
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    shared: row.shared,
    params: row.params,
    owner: { id: row.userId, full_name: fullName(owner) },
    is_mine: isMine,
    can_edit: isMine || (row.shared && can(user.permissions, SHARE_VIEWS)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function withOwner(db: DbOrTx, user: SessionUser, row: Row) {
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.userId));
  return shape(user, row, owner);
}

/** Mine first, then the shared ones, each by name. */
export async function listViews(db: DbOrTx, user: SessionUser, list: SavedViewList) {
  const rows = await db
    .select({ view: savedViews, firstName: users.firstName, lastName: users.lastName })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(and(visibleTo(user), eq(savedViews.list, list)))
    .orderBy(desc(sql`${savedViews.userId} = ${user.id}`), asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map((r) => shape(user, r.view, r));
}

/** A view the caller sees, else 404 (a colleague's personal view is as foreign as another company's). */
async function loadView(db: DbOrTx, user: SessionUser, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), visibleTo(user)));
  if (!row) throw notFound();
  return row;
}

/** Sharing needs SHARE_VIEWS; a colleague's shared view is changed only with it (403: the caller sees it). */
function checkEdit(user: SessionUser, row: Row, wantsShared: boolean | undefined) {
  const admin = can(user.permissions, SHARE_VIEWS);
  if (row.userId !== user.id && !admin) throw forbidden();
  if (wantsShared && !row.shared && !admin) throw forbidden();
}

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'saved_views_name_uq')) throw unprocessable(NAME_TAKEN);
    throw error;
  }
}

export async function createView(db: DbOrTx, user: SessionUser, input: z.output<typeof savedViewCreateSchema>) {
  if (input.shared && !can(user.permissions, SHARE_VIEWS)) throw forbidden();
  const [{ n }] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.userId, user.id), eq(savedViews.list, input.list)));
  if (n >= SAVED_VIEWS_PER_USER_MAX)
    throw unprocessable([{ field: 'name', key: 'validation.max_items', params: { max: SAVED_VIEWS_PER_USER_MAX } }]);
  const [row] = await saving(() =>
    db
      .insert(savedViews)
      .values({
        companyId: user.companyId,
        userId: user.id,
        list: input.list,
        name: input.name,
        shared: input.shared,
        params: input.params as Record<string, string>,
      })
      .returning(),
  );
  return shape(user, row, user);
}

export async function updateView(
  db: DbOrTx,
  user: SessionUser,
  id: number,
  input: z.output<typeof savedViewUpdateSchema>,
) {
  const row = await loadView(db, user, id);
  checkEdit(user, row, input.shared);
  const [next] = await saving(() =>
    db
      .update(savedViews)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.shared !== undefined ? { shared: input.shared } : {}),
        ...(input.params !== undefined ? { params: input.params as Record<string, string> } : {}),
        updatedAt: new Date(),
      })
      .where(eq(savedViews.id, row.id))
      .returning(),
  );
  return withOwner(db, user, next);
}

export async function deleteView(db: DbOrTx, user: SessionUser, id: number) {
  const row = await loadView(db, user, id);
  checkEdit(user, row, undefined);
  await db.delete(savedViews).where(eq(savedViews.id, row.id));
}

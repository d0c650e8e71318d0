import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PositionRow } from '#domain/access-responses';
import type { z } from 'zod';
import type { positionCreateSchema, positionUpdateSchema } from '#domain/schemas/positions';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { positions, users } from '../../../db/schema/index.ts';
import type { SessionUser } from '../../../http/context.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { actorOf, recordAudit } from '../audit/record.ts';

type Position = typeof positions.$inferSelect;

/** Users holding a position: deleted users no longer count (docs/product.md §4 deleted users). */
const holders = (positionId: number | typeof positions.id) =>
  and(eq(users.positionId, positionId), isNull(users.deletedAt));

async function usersCount(db: DbOrTx, positionId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(users).where(holders(positionId));
  return r.n;
}

const toRow = (p: Position, usersCount: number): PositionRow => ({
  id: p.id,
  name: p.name,
  is_active: p.isActive,
  users_count: usersCount,
  created_at: p.createdAt.toISOString(),
});

/** What the audit trail keeps of a position. */
const audited = (p: Position) => ({ name: p.name, is_active: p.isActive });

/** GET configuracion/cargos: the company's positions by name, each with how many users hold it. */
export async function listPositions(db: Db, user: SessionUser): Promise<PositionRow[]> {
  const rows = await db
    .select({
      position: positions,
      n: sql<number>`(select count(*)::int from ${users} where ${holders(positions.id)})`,
    })
    .from(positions)
    .where(eq(positions.companyId, user.companyId))
    .orderBy(asc(sql`lower(${positions.name})`), asc(positions.id));
  return rows.map((r) => toRow(r.position, r.n));
}

async function loadPosition(db: DbOrTx, user: SessionUser, id: number): Promise<Position> {
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.companyId, user.companyId)));
  if (!row) throw notFound();
  return row;
}

/** Two positions of a company never share a name, whatever its case (docs/product.md §5 names). */
async function assertNameFree(db: DbOrTx, user: SessionUser, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.companyId, user.companyId),
        sql`lower(${positions.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(positions.id, exceptId),
      ),
    );
  if (taken) throw conflict('config_positions.duplicate', { name });
}

export async function createPosition(
  db: Db,
  user: SessionUser,
  input: z.infer<typeof positionCreateSchema>,
): Promise<PositionRow> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, user, input.name);
    const [row] = await tx.insert(positions).values({ companyId: user.companyId, name: input.name }).returning();
    await recordAudit(tx, actorOf(user), {
      entity: 'position',
      entityId: row.id,
      action: 'created',
      after: audited(row),
    });
    return toRow(row, 0);
  });
}

/** PATCH configuracion/cargos/{id}: rename and/or disable (a disabled position stays on its users). */
export async function updatePosition(
  db: Db,
  user: SessionUser,
  id: number,
  input: z.infer<typeof positionUpdateSchema>,
): Promise<PositionRow> {
  return db.transaction(async (tx) => {
    const before = await loadPosition(tx, user, id);
    if (input.name !== undefined && input.name !== before.name) await assertNameFree(tx, user, input.name, id);
    const [after] = await tx
      .update(positions)
      .set({ name: input.name ?? before.name, isActive: input.is_active ?? before.isActive })
      .where(eq(positions.id, id))
      .returning();
    const action =
      before.isActive !== after.isActive ? (after.isActive ? 'enabled' : 'disabled') : ('updated' as const);
    if (before.name !== after.name || before.isActive !== after.isActive)
      await recordAudit(tx, actorOf(user), {
        entity: 'position',
        entityId: id,
        action,
        before: audited(before),
        after: audited(after),
      });
    return toRow(after, await usersCount(tx, id));
  });
}

/** DELETE configuracion/cargos/{id}: refused (409, naming how many) while any user holds it. */
export async function deletePosition(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await loadPosition(tx, user, id);
    const held = await usersCount(tx, id);
    if (held > 0) throw conflict('config_positions.in_use', { count: held });
    await tx.delete(positions).where(eq(positions.id, id));
    await recordAudit(tx, actorOf(user), {
      entity: 'position',
      entityId: id,
      action: 'deleted',
      before: audited(before),
    });
  });
}

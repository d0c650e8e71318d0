import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CmCategoryRow } from '#domain/cmanagement-responses';
import type { cmCategorySchema, cmCategoryUpdateSchema } from '#domain/schemas/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { cmCategories, cmCustomFields, cmTickets } from '../../../db/schema/index.ts';
import { conflict, isUniqueViolation, notFound, unprocessable } from '../../../lib/errors.ts';

export type CmCategory = typeof cmCategories.$inferSelect;

const nameTaken = () => unprocessable([{ field: 'name', key: 'cmanagement.config.errors.category_name_taken' }]);

/** A category of the caller's company (a foreign one is a 404, server/src/modules/cmanagement/shared/scope.ts). */
export async function loadCmCategory(db: DbOrTx, companyId: number, categoryId: number): Promise<CmCategory> {
  const [row] = await db
    .select()
    .from(cmCategories)
    .where(and(eq(cmCategories.id, categoryId), eq(cmCategories.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

/** The company's categories with how many tickets they hold and how many active fields they ask. */
export async function listCmCategories(db: DbOrTx, companyId: number, onlyId?: number): Promise<CmCategoryRow[]> {
  const only = <C extends typeof cmCategories.id | typeof cmTickets.categoryId | typeof cmCustomFields.categoryId>(
    column: C,
  ) => (onlyId === undefined ? undefined : eq(column, onlyId));
  const [rows, tickets, fields] = await Promise.all([
    db
      .select({ id: cmCategories.id, name: cmCategories.name, enabled: cmCategories.enabled })
      .from(cmCategories)
      .where(and(eq(cmCategories.companyId, companyId), only(cmCategories.id)))
      .orderBy(asc(sql`lower(${cmCategories.name})`), asc(cmCategories.id)),
    db
      .select({ id: cmTickets.categoryId, n: count() })
      .from(cmTickets)
      .where(and(eq(cmTickets.companyId, companyId), only(cmTickets.categoryId)))
      .groupBy(cmTickets.categoryId),
    db
      .select({ id: cmCustomFields.categoryId, n: count() })
      .from(cmCustomFields)
      .where(
        and(eq(cmCustomFields.companyId, companyId), eq(cmCustomFields.active, true), only(cmCustomFields.categoryId)),
      )
      .groupBy(cmCustomFields.categoryId),
  ]);
  const countOf = (list: { id: number; n: number }[]) => new Map(list.map((r) => [r.id, Number(r.n)]));
  const ticketCount = countOf(tickets);
  const fieldCount = countOf(fields);
  return rows.map((r) => ({
    ...r,
    ticket_count: ticketCount.get(r.id) ?? 0,
    active_field_count: fieldCount.get(r.id) ?? 0,
  }));
}

export async function cmCategoryRow(db: DbOrTx, companyId: number, categoryId: number): Promise<CmCategoryRow> {
  const [row] = await listCmCategories(db, companyId, categoryId);
  if (!row) throw notFound();
  return row;
}

/** Names are unique per company in any case (the index cm_categories_name_uq): a repeat is a 422 on the name. */
async function refuseTakenName(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: cmCategories.id })
    .from(cmCategories)
    .where(and(eq(cmCategories.companyId, companyId), sql`lower(${cmCategories.name}) = lower(${name})`));
  if (taken && taken.id !== exceptId) throw nameTaken();
}

async function unlessNameRaced<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, 'cm_categories_name_uq')) throw nameTaken();
    throw e;
  }
}

export async function createCmCategory(db: DbOrTx, companyId: number, body: z.output<typeof cmCategorySchema>) {
  await refuseTakenName(db, companyId, body.name);
  const [row] = await unlessNameRaced(() =>
    db.insert(cmCategories).values({ companyId, name: body.name, enabled: body.enabled }).returning(),
  );
  return row;
}

/** Disabling keeps the category's tickets; it only stops new ones (tickets/fields.ts checks `enabled`). */
export async function updateCmCategory(
  db: DbOrTx,
  category: CmCategory,
  body: z.output<typeof cmCategoryUpdateSchema>,
) {
  if (body.name !== undefined) await refuseTakenName(db, category.companyId, body.name, category.id);
  await unlessNameRaced(() =>
    db
      .update(cmCategories)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(cmCategories.id, category.id)),
  );
}

/** A category with tickets is never deleted (they would lose their fields' meaning): it is disabled instead. */
export async function deleteCmCategory(db: DbOrTx, category: CmCategory) {
  const tickets = await db.$count(cmTickets, eq(cmTickets.categoryId, category.id));
  if (tickets > 0) throw conflict('cmanagement.config.errors.category_has_tickets', { count: tickets });
  await db.delete(cmCategories).where(eq(cmCategories.id, category.id));
}

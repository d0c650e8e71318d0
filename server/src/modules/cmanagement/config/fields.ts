import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CM_ACTIVE_FIELDS_PER_CATEGORY_MAX,
  CM_OPTION_FIELD_TYPES,
  type CmFieldOption,
  type CmFieldType,
} from '#domain/cmanagement';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import {
  cmCustomFieldSchema,
  type cmCustomFieldUpdateSchema,
  type cmFieldOrderSchema,
} from '#domain/schemas/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { cmCustomFields, cmTickets } from '../../../db/schema/index.ts';
import { conflict, isUniqueViolation, notFound, unprocessable, type FieldError } from '../../../lib/errors.ts';
import { parseOr422 } from '../../../lib/validate.ts';
import type { CmCategory } from './categories.ts';

export type CmCustomField = typeof cmCustomFields.$inferSelect;
type FieldInput = z.output<typeof cmCustomFieldSchema>;
type OptionInput = FieldInput['options'][number];

export const fieldRow = (f: CmCustomField): CmCustomFieldRow => ({
  id: f.id,
  category_id: f.categoryId,
  type: f.type,
  name: f.name,
  description: f.description,
  options: f.options,
  multiple: f.multiple,
  required: f.required,
  active: f.active,
  position: f.position,
});

const refuse = (errors: FieldError[]) => unprocessable(errors);
const nameTaken = () => refuse([{ field: 'name', key: 'cmanagement.config.errors.field_name_taken' }]);

export async function loadCmField(db: DbOrTx, companyId: number, fieldId: number, lock = false) {
  const query = db
    .select()
    .from(cmCustomFields)
    .where(and(eq(cmCustomFields.id, fieldId), eq(cmCustomFields.companyId, companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const listCmFields = (db: DbOrTx, category: CmCategory) =>
  db
    .select()
    .from(cmCustomFields)
    .where(eq(cmCustomFields.categoryId, category.id))
    .orderBy(asc(cmCustomFields.position), asc(cmCustomFields.id));

/** Past CM_ACTIVE_FIELDS_PER_CATEGORY_MAX a field cannot be created active or activated (docs/decisions.md). */
async function refuseActiveLimit(db: DbOrTx, categoryId: number, exceptId?: number) {
  const active = await db.$count(
    cmCustomFields,
    and(
      eq(cmCustomFields.categoryId, categoryId),
      eq(cmCustomFields.active, true),
      exceptId === undefined ? undefined : ne(cmCustomFields.id, exceptId),
    ),
  );
  if (active >= CM_ACTIVE_FIELDS_PER_CATEGORY_MAX)
    throw refuse([
      {
        field: 'active',
        key: 'cmanagement.config.errors.active_fields_max',
        params: { max: CM_ACTIVE_FIELDS_PER_CATEGORY_MAX },
      },
    ]);
}

async function refuseTakenName(db: DbOrTx, categoryId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: cmCustomFields.id })
    .from(cmCustomFields)
    .where(and(eq(cmCustomFields.categoryId, categoryId), sql`lower(${cmCustomFields.name}) = lower(${name})`));
  if (taken && taken.id !== exceptId) throw nameTaken();
}

/** Tickets that answered field `fieldId` (with `optionId` when given): the GIN index on custom_values serves it. */
async function answeredBy(db: DbOrTx, field: Pick<CmCustomField, 'id' | 'type'>, optionId?: string) {
  const key = String(field.id);
  const where =
    optionId === undefined
      ? sql`jsonb_exists(${cmTickets.customValues}, ${key})`
      : sql`${cmTickets.customValues} @> ${JSON.stringify({ [key]: field.type === 'multi_select' ? [optionId] : optionId })}::jsonb`;
  return db.$count(cmTickets, where);
}

const newOptionId = (taken: Set<string>) => {
  let id: string;
  do id = `o${randomBytes(5).toString('hex')}`;
  while (taken.has(id));
  return id;
};

/**
 * The options-list editor's rules (docs/product.md §5): a saved option keeps its id (answers store it, so a rename
 * keeps them), a new one gets its id here, an unknown id is refused, and a saved option that some ticket answered
 * may be disabled but not removed.
 */
async function mergeOptions(
  db: DbOrTx,
  field: Pick<CmCustomField, 'id' | 'type'> | undefined,
  saved: CmFieldOption[],
  input: OptionInput[],
): Promise<CmFieldOption[]> {
  const savedIds = new Set(saved.map((o) => o.id));
  const errors: FieldError[] = [];
  input.forEach((o, i) => {
    if (o.id && !savedIds.has(o.id))
      errors.push({ field: `options.${i}.id`, key: 'cmanagement.config.errors.option_unknown_id' });
  });
  if (errors.length) throw refuse(errors);
  if (field) {
    const kept = new Set(input.map((o) => o.id).filter(Boolean));
    for (const removed of saved.filter((o) => !kept.has(o.id)))
      if ((await answeredBy(db, field, removed.id)) > 0)
        errors.push({
          field: 'options',
          key: 'cmanagement.config.errors.option_answered',
          params: { option: removed.name },
        });
    if (errors.length) throw refuse(errors);
  }
  const taken = new Set(savedIds);
  return input.map((o) => {
    const id = o.id ?? newOptionId(taken);
    taken.add(id);
    return { id, name: o.name, disabled: o.disabled };
  });
}

const isOptionType = (type: CmFieldType) => (CM_OPTION_FIELD_TYPES as readonly string[]).includes(type);

async function unlessNameRaced<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, 'cm_custom_fields_name_uq')) throw nameTaken();
    throw e;
  }
}

export async function createCmField(db: DbOrTx, category: CmCategory, body: FieldInput) {
  await refuseTakenName(db, category.id, body.name);
  if (body.active) await refuseActiveLimit(db, category.id);
  const options = isOptionType(body.type) ? await mergeOptions(db, undefined, [], body.options) : [];
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${cmCustomFields.position}) + 1, 0)::int` })
    .from(cmCustomFields)
    .where(eq(cmCustomFields.categoryId, category.id));
  const [row] = await unlessNameRaced(() =>
    db
      .insert(cmCustomFields)
      .values({
        companyId: category.companyId,
        categoryId: category.id,
        type: body.type,
        name: body.name,
        description: body.description ?? null,
        options,
        multiple: body.multiple,
        required: body.required,
        active: body.active,
        position: Number(next),
      })
      .returning(),
  );
  return row;
}

/**
 * An edit is checked whole, with the field's own type (it never changes: answers given would no longer fit), by the
 * same rules as a new field (domain/schemas/cmanagement.ts cmCustomFieldSchema).
 */
export async function updateCmField(
  db: DbOrTx,
  field: CmCustomField,
  body: z.output<typeof cmCustomFieldUpdateSchema>,
) {
  const merged = parseOr422(cmCustomFieldSchema, {
    type: field.type,
    name: body.name ?? field.name,
    description: body.description === undefined ? field.description : body.description,
    options: body.options ?? field.options,
    multiple: body.multiple ?? field.multiple,
    required: body.required ?? field.required,
    active: body.active ?? field.active,
  });
  if (body.name !== undefined) await refuseTakenName(db, field.categoryId, merged.name, field.id);
  if (merged.active && !field.active) await refuseActiveLimit(db, field.categoryId, field.id);
  const options =
    body.options && isOptionType(field.type)
      ? await mergeOptions(db, field, field.options, merged.options)
      : field.options;
  const [row] = await unlessNameRaced(() =>
    db
      .update(cmCustomFields)
      .set({
        name: merged.name,
        description: merged.description ?? null,
        options,
        multiple: merged.multiple,
        required: merged.required,
        active: merged.active,
        updatedAt: new Date(),
      })
      .where(eq(cmCustomFields.id, field.id))
      .returning(),
  );
  return row;
}

/** A field some ticket answered is kept (its answers with it): deactivate it instead. */
export async function deleteCmField(db: DbOrTx, field: CmCustomField) {
  const tickets = await answeredBy(db, field);
  if (tickets > 0) throw conflict('cmanagement.config.errors.field_answered', { count: tickets });
  await db.delete(cmCustomFields).where(eq(cmCustomFields.id, field.id));
}

/** The fields in the order `ids` gives: exactly the category's fields, each once. */
export async function reorderCmFields(db: DbOrTx, category: CmCategory, body: z.output<typeof cmFieldOrderSchema>) {
  const fields = await listCmFields(db, category);
  const ids = new Set(body.ids);
  if (ids.size !== body.ids.length || ids.size !== fields.length || fields.some((f) => !ids.has(f.id)))
    throw refuse([{ field: 'ids', key: 'cmanagement.config.errors.order_mismatch' }]);
  await db.transaction(async (tx) => {
    for (const [position, id] of body.ids.entries())
      await tx
        .update(cmCustomFields)
        .set({ position })
        .where(and(eq(cmCustomFields.id, id), inArray(cmCustomFields.categoryId, [category.id])));
  });
}

import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CM_FILE_OWNER, type CmFieldDefinition, type CmFieldValues } from '#domain/cmanagement';
import { cmCustomValuesSchema } from '#domain/schemas/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { cmCategories, cmCustomFields } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { parseOr422 } from '../../../lib/validate.ts';
import { attachFiles } from '../../files/service.ts';
import { assertPeople } from '../people/people.ts';
import { confirmAttachments } from './attachments.ts';

export type CmCategory = typeof cmCategories.$inferSelect;

/** A category of the caller's company; on creation or a change of category it must be enabled (docs/product.md §3). */
export async function loadCategory(db: DbOrTx, user: SessionUser, categoryId: number, forNewTicket: boolean) {
  const [category] = await db
    .select()
    .from(cmCategories)
    .where(and(eq(cmCategories.id, categoryId), eq(cmCategories.companyId, user.companyId)));
  if (!category) throw unprocessable([{ field: 'category_id', key: 'cmanagement.tickets.errors.category_unknown' }]);
  if (forNewTicket && !category.enabled)
    throw unprocessable([{ field: 'category_id', key: 'cmanagement.tickets.errors.category_disabled' }]);
  return category;
}

/** The category's fields as the answers are checked against them, by position. */
export async function fieldsOf(db: DbOrTx, companyId: number, categoryId: number): Promise<CmFieldDefinition[]> {
  return db
    .select({
      id: cmCustomFields.id,
      type: cmCustomFields.type,
      name: cmCustomFields.name,
      options: cmCustomFields.options,
      multiple: cmCustomFields.multiple,
      required: cmCustomFields.required,
      active: cmCustomFields.active,
    })
    .from(cmCustomFields)
    .where(and(eq(cmCustomFields.companyId, companyId), eq(cmCustomFields.categoryId, categoryId)))
    .orderBy(asc(cmCustomFields.position), asc(cmCustomFields.id));
}

const asList = <T>(v: T | T[] | null | undefined): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

/**
 * A ticket's answers (docs/product.md §3 Custom field) checked against the category's active fields with the shared
 * schema (per-field 422 at custom_values.<fieldId>), then what only the server knows: a person answered is staff who
 * sees the project, a file answered is an upload of the caller's (confirmed, as the ticket's attachments are).
 * Returns the answers merged over `previous` (an empty answer removes one) and the new file paths.
 */
export async function checkCustomValues(
  deps: AppDeps,
  user: SessionUser,
  at: { projectId: number; fields: CmFieldDefinition[] },
  input: Record<string, unknown>,
  opts: { complete: boolean; previous?: CmFieldValues },
): Promise<{ values: CmFieldValues; newFiles: string[] }> {
  const schema = z.object({ custom_values: cmCustomValuesSchema(at.fields, opts) });
  const { custom_values: answers } = parseOr422(schema, { custom_values: input });
  const values: CmFieldValues = { ...(opts.previous ?? {}) };
  const newFiles: string[] = [];
  for (const field of at.fields) {
    const key = String(field.id);
    if (!(key in answers)) continue;
    const answer = answers[key];
    if (answer === null) {
      delete values[key];
      continue;
    }
    const path = `custom_values.${key}`;
    if (field.type === 'user')
      await assertPeople(deps.database.db, user.companyId, at.projectId, asList(answer as number | number[]), path);
    if (field.type === 'file') {
      const kept = new Set(asList(opts.previous?.[key] as string | string[] | undefined));
      const fresh = asList(answer as string | string[]).filter((p) => !kept.has(p));
      await confirmAttachments(deps, user, fresh, path);
      newFiles.push(...fresh);
    }
    values[key] = answer;
  }
  return { values, newFiles };
}

/** Ties the files answered in file fields to the ticket (files/access.ts asks the module who reads them). */
export const linkFieldFiles = (deps: AppDeps, companyId: number, ticketId: number, paths: string[]) =>
  paths.length ? attachFiles(deps, companyId, paths, { type: CM_FILE_OWNER.field, id: ticketId }) : Promise.resolve(0);

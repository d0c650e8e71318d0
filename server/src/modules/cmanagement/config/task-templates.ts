import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CM_TASK_DEPTH_MAX } from '#domain/cmanagement';
import type { CmTaskTemplateRow } from '#domain/cmanagement-responses';
import type { cmTaskTemplateSchema, cmTaskTemplateUpdateSchema } from '#domain/schemas/cmanagement';
import type { DbOrTx } from '../../../db/client.ts';
import { cmTaskTemplates } from '../../../db/schema/index.ts';
import { notFound, unprocessable } from '../../../lib/errors.ts';
import type { CmCategory } from './categories.ts';

export type CmTaskTemplate = typeof cmTaskTemplates.$inferSelect;

export const templateRow = (t: CmTaskTemplate): CmTaskTemplateRow => ({
  id: t.id,
  category_id: t.categoryId,
  parent_id: t.parentId,
  name: t.name,
  start_offset_days: t.startOffsetDays,
  duration_days: t.durationDays,
  position: t.position,
});

export async function loadCmTemplate(db: DbOrTx, companyId: number, templateId: number) {
  const [row] = await db
    .select()
    .from(cmTaskTemplates)
    .where(and(eq(cmTaskTemplates.id, templateId), eq(cmTaskTemplates.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

export const listCmTemplates = (db: DbOrTx, categoryId: number) =>
  db
    .select()
    .from(cmTaskTemplates)
    .where(eq(cmTaskTemplates.categoryId, categoryId))
    .orderBy(asc(cmTaskTemplates.position), asc(cmTaskTemplates.id));

const refuseParent = (key: string, params?: Record<string, number>) =>
  unprocessable([{ field: 'parent_id', key, params }]);

/**
 * The parent must be a template of the same category, and the plan nests at most CM_TASK_DEPTH_MAX levels counting
 * the subtree that moves with `self` (a template moved under another carries its own subtemplates).
 */
async function checkParent(db: DbOrTx, categoryId: number, parentId: number, self?: CmTaskTemplate) {
  const all = await listCmTemplates(db, categoryId);
  const byId = new Map(all.map((t) => [t.id, t]));
  if (!byId.has(parentId)) throw refuseParent('cmanagement.config.errors.template_parent_unknown');
  let depth = 1;
  for (let at = byId.get(parentId); at; at = at.parentId ? byId.get(at.parentId) : undefined) {
    if (self && at.id === self.id) throw refuseParent('cmanagement.config.errors.template_parent_cycle');
    depth += 1;
  }
  const height = (id: number): number =>
    1 + Math.max(0, ...all.filter((t) => t.parentId === id).map((t) => height(t.id)));
  if (depth - 1 + (self ? height(self.id) : 1) > CM_TASK_DEPTH_MAX)
    throw refuseParent('cmanagement.config.errors.template_too_deep', { max: CM_TASK_DEPTH_MAX });
}

export async function createCmTemplate(db: DbOrTx, category: CmCategory, body: z.output<typeof cmTaskTemplateSchema>) {
  if (body.parent_id) await checkParent(db, category.id, body.parent_id);
  const position = await db.$count(cmTaskTemplates, eq(cmTaskTemplates.categoryId, category.id));
  const [row] = await db
    .insert(cmTaskTemplates)
    .values({
      companyId: category.companyId,
      categoryId: category.id,
      parentId: body.parent_id ?? null,
      name: body.name,
      startOffsetDays: body.start_offset_days,
      durationDays: body.duration_days,
      position,
    })
    .returning();
  return row;
}

export async function updateCmTemplate(
  db: DbOrTx,
  template: CmTaskTemplate,
  body: z.output<typeof cmTaskTemplateUpdateSchema>,
) {
  if (body.parent_id) await checkParent(db, template.categoryId, body.parent_id, template);
  const [row] = await db
    .update(cmTaskTemplates)
    .set({
      ...(body.parent_id !== undefined && { parentId: body.parent_id ?? null }),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.start_offset_days !== undefined && { startOffsetDays: body.start_offset_days }),
      ...(body.duration_days !== undefined && { durationDays: body.duration_days }),
      updatedAt: new Date(),
    })
    .where(eq(cmTaskTemplates.id, template.id))
    .returning();
  return row;
}

/** Deleting a template deletes its subtemplates with it (parent_id cascades; docs/decisions.md). */
export async function deleteCmTemplate(db: DbOrTx, template: CmTaskTemplate) {
  await db.delete(cmTaskTemplates).where(eq(cmTaskTemplates.id, template.id));
}

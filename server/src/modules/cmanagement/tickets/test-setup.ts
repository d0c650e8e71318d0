import { eq } from 'drizzle-orm';
import type { CmFieldOption } from '#domain/cmanagement';
import { cmCategories, cmCustomFields, cmTaskTemplates } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';

/**
 * A category with one field of each type for the ticket tests, written straight to the tables (the config routes
 * are config/'s): a required text, a select with a disabled option, a multi-select, a checkbox, a number, a day, a
 * multiple user, a file, and an inactive field; two task templates (a task and its subtask).
 */
export async function categoryWithFields(ctx: TestContext, companyId: number, name: string, enabled = true) {
  const [category] = await ctx.db.insert(cmCategories).values({ companyId, name, enabled }).returning();
  const options: CmFieldOption[] = [
    { id: 'hor', name: 'Hormigón', disabled: false },
    { id: 'acero', name: 'Acero', disabled: false },
    { id: 'madera', name: 'Madera', disabled: true },
  ];
  const add = async (
    type: typeof cmCustomFields.$inferInsert.type,
    extra: Partial<typeof cmCustomFields.$inferInsert> = {},
  ) =>
    (
      await ctx.db
        .insert(cmCustomFields)
        .values({ companyId, categoryId: category.id, type, name: `${name} ${type} ${extra.name ?? ''}`, ...extra })
        .returning()
    )[0].id;
  const fields = {
    text: await add('text', { required: true }),
    select: await add('select', { options }),
    multi: await add('multi_select', { options }),
    checkbox: await add('checkbox'),
    number: await add('number'),
    date: await add('date'),
    user: await add('user', { multiple: true }),
    file: await add('file'),
    inactive: await add('text', { active: false, name: 'inactivo' }),
  };
  const [parent] = await ctx.db
    .insert(cmTaskTemplates)
    .values({ companyId, categoryId: category.id, name: 'Inspección', startOffsetDays: 0, durationDays: 5 })
    .returning();
  await ctx.db.insert(cmTaskTemplates).values({
    companyId,
    categoryId: category.id,
    parentId: parent.id,
    name: 'Informe',
    startOffsetDays: 2,
    durationDays: 10,
    position: 1,
  });
  return { categoryId: category.id, fields };
}

export const disableCategory = (ctx: TestContext, categoryId: number) =>
  ctx.db.update(cmCategories).set({ enabled: false }).where(eq(cmCategories.id, categoryId));

/** A 1×1 PNG, enough for the upload checks (magic number and size). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads an image the way the client's uploader does (POST files/upload-url, then PUT); returns the attachment. */
export async function uploadImage(ctx: TestContext, cookie: string, name = 'foto.png') {
  const signed = await ctx.request('POST', 'files/upload-url', {
    cookie,
    body: { extension: 'png', name, size: PNG.length, contentType: 'image/png' },
  });
  if (signed.status !== 200) throw new Error(`upload-url ${signed.status} ${signed.text}`);
  const put = await ctx.app.request(signed.json.data.url, {
    method: 'PUT',
    headers: { 'Content-Type': signed.json.data.contentType, ...(signed.json.data.headers ?? {}) },
    body: PNG,
  });
  if (put.status >= 300) throw new Error(`put ${put.status} ${await put.text()}`);
  return { path: signed.json.data.path as string, name, size: PNG.length, type: 'image/png' };
}

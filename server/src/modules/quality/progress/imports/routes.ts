import { Hono, type Context } from 'hono';
import { QUALITY_EDIT } from '#domain/quality';
import { importMappingSchema, importSheetSchema } from '#domain/schemas/quality';
import type { AppEnv } from '../../../../http/context.ts';
import { currentUser, requirePermission } from '../../../../auth/guard.ts';
import { ApiError, unprocessable } from '../../../../lib/errors.ts';
import { jsonBody } from '../../../../lib/validate.ts';
import { loadQualityProject } from '../shared/scope.ts';
import { listAttributes } from '../attributes/attributes.ts';
import { checkRows, mappingErrors, previewAnswer } from './check.ts';
import { loadImportContext, refuseOverfullProject, runImport } from './import.ts';
import { loadImportSheet, sheetAnswer } from './sheet.ts';

const edit = requirePermission(QUALITY_EDIT);

/**
 * calidad/importaciones (docs/api.md, Quality): the activity import wizard. Every step reads the uploaded sheet
 * again (nothing is kept between steps), so the import writes exactly what the last preview checked. All three
 * need calidad_editar and a project of the caller's.
 */
export const importRoutes = new Hono<AppEnv>()
  .post('/hoja', edit, async (c) => {
    const user = currentUser(c);
    const db = c.var.deps.database.db;
    const body = await jsonBody(c, importSheetSchema);
    await loadQualityProject(db, user, body.project_id);
    const sheet = await loadImportSheet(c.var.deps, user, body.path);
    return c.json({ data: sheetAnswer(sheet, await listAttributes(db, user.companyId)) });
  })
  .post('/vista-previa', edit, async (c) => {
    const { check } = await checked(c);
    return c.json({ data: previewAnswer(check) });
  })
  .post('/', edit, async (c) => {
    const { check, context, projectId } = await checked(c);
    if (check.errors.length)
      throw new ApiError(422, 'quality.errors.import_has_errors', { count: check.errorRows }, [], {
        preview: previewAnswer(check),
      });
    const user = currentUser(c);
    await refuseOverfullProject(c.var.deps.database.db, user.companyId, projectId, check.rows.length);
    return c.json({ data: await runImport(c.var.deps, user, projectId, check, context) }, 201);
  });

/** The body validated, the project scoped, the sheet read and every row checked against the mapping. */
async function checked(c: Context<AppEnv>) {
  const user = currentUser(c);
  const db = c.var.deps.database.db;
  const body = await jsonBody(c, importMappingSchema);
  await loadQualityProject(db, user, body.project_id);
  const sheet = await loadImportSheet(c.var.deps, user, body.path);
  const context = await loadImportContext(db, user.companyId, body.project_id);
  const problems = mappingErrors(sheet, body.mapping, context);
  if (problems.length) throw unprocessable(problems);
  return { check: checkRows(sheet, body.mapping, context, c.var.t), context, projectId: body.project_id };
}

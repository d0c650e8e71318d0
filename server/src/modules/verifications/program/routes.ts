import { Hono, type Context } from 'hono';
import { VERIFICATIONS_MANAGE } from '#domain/verifications';
import { programMappingSchema, programSheetSchema } from '#domain/schemas/verifications';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { ApiError, unprocessable } from '../../../lib/errors.ts';
import { jsonBody } from '../../../lib/validate.ts';
import { assertProjectVisible } from '../shared/scope.ts';
import { checkRows, mappingErrors, previewAnswer } from './check.ts';
import { loadProgramContext, runProgramImport } from './import.ts';
import { loadProgramSheet, sheetAnswer } from './sheet.ts';

const manage = requirePermission(VERIFICATIONS_MANAGE);

/**
 * verificaciones/programa (docs/api.md, Verifications): the program upload wizard, quality's import pattern. Every
 * step reads the uploaded sheet again (nothing is kept between steps), so the import writes exactly what the last
 * preview checked. All three need verificaciones_gestionar and a project of the caller's (else 404).
 */
export const programRoutes = new Hono<AppEnv>()
  .post('/programa/columnas', manage, async (c) => {
    const user = currentUser(c);
    const body = await jsonBody(c, programSheetSchema);
    assertProjectVisible(user, body.project_id);
    return c.json({ data: sheetAnswer(await loadProgramSheet(c.var.deps, user, body.path)) });
  })
  .post('/programa/revisar', manage, async (c) => {
    const { check } = await checked(c);
    return c.json({ data: previewAnswer(check) });
  })
  .post('/programa/importar', manage, async (c) => {
    const { check, projectId } = await checked(c);
    if (check.errors.length)
      throw new ApiError(422, 'verifications.program.has_errors', { count: check.errorRows }, [], {
        preview: previewAnswer(check),
      });
    return c.json({ data: await runProgramImport(c.var.deps, currentUser(c), projectId, check) });
  });

/** The body validated, the project scoped, the sheet read and every row checked against the mapping. */
async function checked(c: Context<AppEnv>) {
  const user = currentUser(c);
  const body = await jsonBody(c, programMappingSchema);
  assertProjectVisible(user, body.project_id);
  const sheet = await loadProgramSheet(c.var.deps, user, body.path);
  const problems = mappingErrors(sheet, body.mapping, c.var.t);
  if (problems.length) throw unprocessable(problems);
  const context = await loadProgramContext(c.var.deps.database.db, user.companyId, body.project_id);
  return { check: checkRows(sheet, body.mapping, context, c.var.t), projectId: body.project_id };
}

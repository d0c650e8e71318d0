import { CONFIGURE_PROJECT_OWNERS } from '#domain/permissions';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CATALOGUE_IMPORT_MAX_BYTES,
  catalogueItemPatchSchema,
  catalogueItemSchema,
  catalogueNodePatchSchema,
  catalogueNodeSchema,
  failureTypePatchSchema,
  failureTypeSchema,
  unitTypePatchSchema,
  unitTypeSchema,
} from '#domain/schemas/deliveries';
import { formatBytes } from '#domain/files';
import { idList } from '#domain/schemas/common';
import type { AppEnv } from '../../../http/context.ts';
import { currentUser, requirePermission } from '../../../auth/guard.ts';
import { jsonBody, queryOf } from '../../../lib/validate.ts';
import { acceptsRawBody } from '../../../http/body-guard.ts';
import { ApiError } from '../../../lib/errors.ts';
import { catalogueOf } from './tree.ts';
import {
  CHILD_OF,
  createNode,
  createUnitType,
  deleteNode,
  deleteUnitType,
  listUnitTypes,
  updateNode,
  updateUnitType,
  type Level,
} from './service.ts';
import { exportCatalogue, mergeCatalogue, parseCatalogue } from './xlsx.ts';
import { idParam } from '../shared/scope.ts';

const createSchemas = {
  areas: catalogueNodeSchema,
  lugares: catalogueNodeSchema,
  items: catalogueItemSchema,
  fallas: failureTypeSchema,
} as const;
const patchSchemas = {
  areas: catalogueNodePatchSchema,
  lugares: catalogueNodePatchSchema,
  items: catalogueItemPatchSchema,
  fallas: failureTypePatchSchema,
} as const;
const exportQuery = z.object({ unit_type_id: idList() });

/** Reads the uploaded workbook: multipart field `file`, or the raw body with the xlsx content type. */
async function workbookBytes(c: {
  req: {
    header: (n: string) => string | undefined;
    parseBody: () => Promise<Record<string, unknown>>;
    arrayBuffer: () => Promise<ArrayBuffer>;
  };
}) {
  const tooBig = () =>
    new ApiError(422, 'deliveries.errors.import_file', { size: formatBytes(CATALOGUE_IMPORT_MAX_BYTES) });
  const type = c.req.header('content-type') ?? '';
  let bytes: Uint8Array;
  if (type.startsWith('multipart/form-data')) {
    // A body that is not the form it claims to be cannot hold the workbook.
    const file = (await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)).file;
    if (!(file instanceof File) || !/\.xlsx$/i.test(file.name)) throw tooBig();
    bytes = new Uint8Array(await file.arrayBuffer());
  } else bytes = new Uint8Array(await c.req.arrayBuffer());
  if (!bytes.length || bytes.length > CATALOGUE_IMPORT_MAX_BYTES) throw tooBig();
  return bytes;
}

/** docs/product.md §2 Unit type configuration: unit types, areas, places, items, failures with severity; xlsx import and export. */
export const catalogueRoutes = new Hono<AppEnv>()
  .get('/tipos-unidad', async (c) =>
    c.json({ data: await listUnitTypes(c.var.deps.database.db, currentUser(c).companyId) }),
  )
  .post('/tipos-unidad', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    const row = await createUnitType(
      c.var.deps.database.db,
      currentUser(c).companyId,
      await jsonBody(c, unitTypeSchema),
    );
    return c.json(
      {
        data: {
          id: row.id,
          name: row.name,
          category: row.category,
          surface: row.surface === null ? null : Number(row.surface),
        },
      },
      201,
    );
  })
  .patch('/tipos-unidad/:id', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    const row = await updateUnitType(
      c.var.deps.database.db,
      currentUser(c).companyId,
      idParam(c.req.param('id')),
      await jsonBody(c, unitTypePatchSchema),
    );
    return c.json({
      data: {
        id: row.id,
        name: row.name,
        category: row.category,
        surface: row.surface === null ? null : Number(row.surface),
      },
    });
  })
  .delete('/tipos-unidad/:id', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    await deleteUnitType(c.var.deps.database.db, currentUser(c).companyId, idParam(c.req.param('id')));
    return c.json({ data: { deleted: true } });
  })
  .get('/tipos-unidad/:id/catalogo', async (c) =>
    c.json({
      data: await catalogueOf(c.var.deps.database.db, currentUser(c).companyId, idParam(c.req.param('id')), true),
    }),
  )
  .get('/catalogo/exportar', async (c) => {
    const { unit_type_id } = queryOf(c, exportQuery);
    const bytes = await exportCatalogue(c.var.deps.database.db, currentUser(c).companyId, c.var.t, unit_type_id);
    c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    c.header('Content-Disposition', `attachment; filename="catalogo-${new Date().toISOString().slice(0, 10)}.xlsx"`);
    return c.body(bytes as Uint8Array<ArrayBuffer>);
  })
  // The multipart envelope may add a little to the workbook itself.
  .post(
    '/catalogo/importar',
    requirePermission(CONFIGURE_PROJECT_OWNERS),
    acceptsRawBody(CATALOGUE_IMPORT_MAX_BYTES + 64 * 1024),
    async (c) => {
      const user = currentUser(c);
      const t = c.var.t;
      const { rows, errors } = await parseCatalogue(await workbookBytes(c), t);
      if (errors.length) {
        const count = new Set(errors.map((e) => e.row)).size;
        throw new ApiError(422, 'deliveries.errors.import_rows', { count }, [], {
          errors: errors.map((e) =>
            t('deliveries.errors.import_row', { row: e.row, column: e.column, message: e.message }),
          ),
          rows: errors,
        });
      }
      const created = await c.var.deps.database.db.transaction((tx) => mergeCatalogue(tx, user.companyId, rows));
      return c.json({ data: { rows: rows.length, created }, message: t('deliveries.catalogue.imported', created) });
    },
  )
  .post(
    '/:parent{tipos-unidad|areas|lugares|items}/:id/:child{areas|lugares|items|fallas}',
    requirePermission(CONFIGURE_PROJECT_OWNERS),
    async (c) => {
      const level = c.req.param('child') as Level;
      if (CHILD_OF[c.req.param('parent') as keyof typeof CHILD_OF] !== level)
        throw new ApiError(404, 'errors.not_found');
      const input = await jsonBody(c, createSchemas[level]);
      const row = await createNode(
        c.var.deps.database.db,
        currentUser(c).companyId,
        level,
        idParam(c.req.param('id')),
        input,
      );
      return c.json({ data: row }, 201);
    },
  )
  .patch('/:level{areas|lugares|items|fallas}/:id', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    const level = c.req.param('level') as Level;
    const row = await updateNode(
      c.var.deps.database.db,
      currentUser(c).companyId,
      level,
      idParam(c.req.param('id')),
      await jsonBody(c, patchSchemas[level]),
    );
    return c.json({ data: row });
  })
  .delete('/:level{areas|lugares|items|fallas}/:id', requirePermission(CONFIGURE_PROJECT_OWNERS), async (c) => {
    await deleteNode(
      c.var.deps.database.db,
      currentUser(c).companyId,
      c.req.param('level') as Level,
      idParam(c.req.param('id')),
    );
    return c.json({ data: { deleted: true } });
  });

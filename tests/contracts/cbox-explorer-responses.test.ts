import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  cboxActivityListSchema,
  cboxFileDetailSchema,
  cboxFolderDetailSchema,
  cboxListingSchema,
  cboxSearchSchema,
  cboxSummarySchema,
  cboxTrashSchema,
} from '#domain/cbox-responses';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';
import {
  insertFile,
  insertFolder,
  insertVersion,
  userIdOf,
} from '../../server/src/modules/cbox/explorer/test/records.ts';

/**
 * The explorer's response schemas (domain/cbox-responses.ts) against the real answers of its GET routes: each must
 * parse to itself, so the server cannot add, drop or retype a field the explorer's screens read.
 */
let ctx: TestContext;
let admin: string;
let folder: number;
let file: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const companyId = ctx.seed.companyId;
  const createdBy = await userIdOf(ctx.db, companyId, 'admin');
  const top = await insertFolder(ctx.db, { companyId, name: 'Contratos', createdBy });
  folder = await insertFolder(ctx.db, { companyId, name: 'Firmados', parentId: top, createdBy });
  file = await insertFile(ctx.db, { companyId, name: 'contrato.pdf', folderId: folder, createdBy });
  await insertVersion(ctx.db, companyId, file, 2048);
  const gone = await insertFile(ctx.db, { companyId, name: 'borrador.pdf', folderId: folder, createdBy });
  await ctx.request('PATCH', `biblioteca/archivos/${file}`, { cookie: admin, body: { name: 'Contrato firmado.pdf' } });
  await ctx.request('POST', 'biblioteca/eliminar', { cookie: admin, body: { folder_ids: [], file_ids: [gone] } });
}, 180_000);
afterAll(() => ctx?.close());

async function parses(path: string, schema: z.ZodType) {
  const res = await ctx.request('GET', `biblioteca/${path}`, { cookie: admin });
  expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
  expect(schema.parse(res.json)).toEqual(res.json);
  return res.json;
}

describe('cbox explorer response schemas against the real answers', () => {
  it('the root, a folder, a search', async () => {
    expect((await parses('contenido', cboxListingSchema)).data.length).toBeGreaterThan(0);
    expect((await parses(`contenido?folder_id=${folder}`, cboxListingSchema)).data).toHaveLength(1);
    expect((await parses('buscar?q=contrat', cboxSearchSchema)).total).toBe(2);
  });

  it('a folder, a file with its versions, its activity', async () => {
    await parses(`carpetas/${folder}`, cboxFolderDetailSchema);
    expect((await parses(`archivos/${file}`, cboxFileDetailSchema)).data.versions).toHaveLength(2);
    expect((await parses(`archivos/${file}/actividad`, cboxActivityListSchema)).data).toHaveLength(1);
  });

  it('the trash and the summary', async () => {
    expect((await parses('papelera', cboxTrashSchema)).data).toHaveLength(1);
    await parses('resumen', cboxSummarySchema);
  });
});

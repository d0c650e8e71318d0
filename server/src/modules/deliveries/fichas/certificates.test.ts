import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { deliveryCertificates } from '../../../db/schema/index.ts';
import { isUniqueViolation } from '../../../lib/errors.ts';
import { pdfBytes, pngBytes, unitsIn, upload, useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let sup: string;
let fresh: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  sup = await ctx.login('supervisor');
  fresh = (await unitsIn(ctx, ctx.seed.projectIds[1])).map((u) => u.id);
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('certificates (docs/product.md §5: PDF only, at most 100 of 20 MB)', () => {
  it('attaches PDFs of the company only and refuses other types', async () => {
    const unitId = fresh[1];
    const pdf = await upload(ctx, sup, await pdfBytes(), {
      extension: 'pdf',
      context: 'certificate',
      name: 'certificado-gas.pdf',
    });
    const added = await ctx.request('POST', `entregas/fichas/${unitId}/archivos`, {
      cookie: sup,
      body: { paths: [pdf, pdf] },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      added: 1,
      max_files: 100,
      data: [{ name: 'certificado-gas.pdf', extension: 'pdf' }],
    });
    const image = await upload(ctx, sup, await pngBytes(), { extension: 'png', context: 'image' });
    const refused = await ctx.request('POST', `entregas/fichas/${unitId}/archivos`, {
      cookie: sup,
      body: { paths: [image] },
    });
    expect(refused.json.fields['paths.0']).toBe('Solo se permiten archivos PDF');
    const tooMany = await ctx.request('POST', `entregas/fichas/${unitId}/archivos`, {
      cookie: sup,
      body: { paths: Array.from({ length: 101 }, (_, i) => `x${i}`) },
    });
    expect(tooMany.json.fields.paths).toBe('Se permiten como máximo 100 elementos');
    const id = added.json.data[0].id;
    expect((await ctx.request('DELETE', `entregas/fichas/${unitId}/archivos/${id}`, { cookie: sup })).status).toBe(200);
    expect((await ctx.request('GET', `entregas/fichas/${unitId}/archivos`, { cookie: sup })).json.data).toEqual([]);
  });

  it('refuses a certificate already attached to another unit with a 422 on the path, not a 500', async () => {
    const [a, b] = [fresh[3], fresh[4]];
    const pdf = await upload(ctx, sup, await pdfBytes(), {
      extension: 'pdf',
      context: 'certificate',
      name: 'certificado-luz.pdf',
    });
    expect(
      (await ctx.request('POST', `entregas/fichas/${a}/archivos`, { cookie: sup, body: { paths: [pdf] } })).status,
    ).toBe(201);
    const other = await ctx.request('POST', `entregas/fichas/${b}/archivos`, {
      cookie: sup,
      body: { paths: [pdf] },
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(other.status).toBe(422);
    expect(other.json.fields).toEqual({ 'paths.0': 'O arquivo já está anexado a outra unidade' });
    expect((await ctx.request('GET', `entregas/fichas/${b}/archivos`, { cookie: sup })).json.data).toEqual([]);
    const again = await ctx.request('POST', `entregas/fichas/${a}/archivos`, { cookie: sup, body: { paths: [pdf] } });
    expect(again.json).toMatchObject({ added: 0, data: [{ name: 'certificado-luz.pdf' }] });
    // Two units attaching the same upload at once: the loser's insert breaks the unique index, answered 409.
    const [row] = await ctx.db.select().from(deliveryCertificates).where(eq(deliveryCertificates.path, pdf));
    const race = await ctx.db
      .insert(deliveryCertificates)
      .values({ companyId: row.companyId, unitId: b, path: row.path, name: row.name, size: row.size, mime: row.mime })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(race, 'delivery_certificates_path_uq')).toBe(true);
    expect(isUniqueViolation(race, 'another_uq')).toBe(false);
  });
});

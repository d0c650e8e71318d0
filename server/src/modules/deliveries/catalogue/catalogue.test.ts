import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { API_V2 } from '../../../app.ts';
import { isNotNull } from 'drizzle-orm';
import { failures } from '../../../db/schema/index.ts';
import { useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let admin: string;

async function xlsx(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Catálogo');
  ws.addRow([
    'Tipo de unidad',
    'Categoría',
    'Superficie',
    'Área',
    'Lugar',
    'Ítem',
    'Categoría del ítem',
    'Falla',
    'Severidad',
  ]);
  rows.forEach((r) => ws.addRow(r));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function importFile(bytes: Uint8Array, locale = 'es') {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'catalogo.xlsx');
  const res = await ctx.app.request(`${API_V2}/entregas/catalogo/importar`, {
    method: 'POST',
    body: form,
    headers: { Cookie: admin, 'X-Requested-With': 'XMLHttpRequest', 'Accept-Language': locale },
  });
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  admin = await ctx.login('admin');
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('unit-type catalogue (docs/product.md §2 Unit type configuration, §3 Unit type, §5)', () => {
  it('docs/product.md §5 unit type: name 1–49 characters, surface 0–99999.99 with two decimals (es and pt-BR)', async () => {
    const bad = await ctx.request('POST', 'entregas/tipos-unidad', {
      cookie: admin,
      body: { name: 'x'.repeat(50), category: '', surface: '100000' },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({
      name: 'Debe tener como máximo 49 caracteres',
      category: 'Este campo es obligatorio',
      surface: 'El valor máximo es 99.999,99',
    });
    const pt = await ctx.request('POST', 'entregas/tipos-unidad', {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { name: ' ', category: 'casa', surface: '12,345' },
    });
    expect(pt.json.fields.name).toBe('Este campo é obrigatório');
    expect(Object.keys(pt.json.fields).sort()).toEqual(['name', 'surface']);
    const ok = await ctx.request('POST', 'entregas/tipos-unidad', {
      cookie: admin,
      body: { name: 'Casa 3D', category: 'casa', surface: '99.999,99' },
    });
    expect(ok.json.data).toMatchObject({ name: 'Casa 3D', surface: 99999.99 });
    const dup = await ctx.request('POST', 'entregas/tipos-unidad', {
      cookie: admin,
      body: { name: 'casa 3d', category: 'casa' },
    });
    expect(dup.json.fields.name).toBe('Ya existe un elemento con este nombre');
  });

  it('creates, edits, disables and deletes areas, places, items and failures with severity; used rows can only be disabled', async () => {
    const type = (
      await ctx.request('POST', 'entregas/tipos-unidad', {
        cookie: admin,
        body: { name: 'Local comercial', category: 'local' },
      })
    ).json.data;
    const area = (
      await ctx.request('POST', `entregas/tipos-unidad/${type.id}/areas`, { cookie: admin, body: { name: 'Interior' } })
    ).json.data;
    const place = (
      await ctx.request('POST', `entregas/areas/${area.id}/lugares`, { cookie: admin, body: { name: 'Baño' } })
    ).json.data;
    const noCategory = await ctx.request('POST', `entregas/lugares/${place.id}/items`, {
      cookie: admin,
      body: { name: 'Lavamanos' },
    });
    expect(noCategory.json.fields.category).toBe('Este campo es obligatorio');
    const item = (
      await ctx.request('POST', `entregas/lugares/${place.id}/items`, {
        cookie: admin,
        body: { name: 'Lavamanos', category: 'instalaciones' },
      })
    ).json.data;
    const badSeverity = await ctx.request('POST', `entregas/items/${item.id}/fallas`, {
      cookie: admin,
      body: { name: 'Filtración', severity: 'terrible' },
    });
    expect(badSeverity.status).toBe(422);
    const failure = (
      await ctx.request('POST', `entregas/items/${item.id}/fallas`, {
        cookie: admin,
        body: { name: 'Filtración', severity: 'grave' },
      })
    ).json.data;
    expect(
      (await ctx.request('POST', `entregas/tipos-unidad/${type.id}/lugares`, { cookie: admin, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    await ctx.request('PATCH', `entregas/fallas/${failure.id}`, { cookie: admin, body: { severity: 'moderada' } });
    await ctx.request('PATCH', `entregas/lugares/${place.id}`, { cookie: admin, body: { disabled: true } });
    const tree = (await ctx.request('GET', `entregas/tipos-unidad/${type.id}/catalogo`, { cookie: admin })).json.data;
    expect(tree.areas[0].places[0]).toMatchObject({
      name: 'Baño',
      disabled: true,
      items: [{ name: 'Lavamanos', failures: [{ name: 'Filtración', severity: 'moderada' }] }],
    });
    expect((await ctx.request('PATCH', `entregas/lugares/${place.id}`, { cookie: admin, body: {} })).json.message).toBe(
      'No hay cambios para enviar',
    );
    expect((await ctx.request('DELETE', `entregas/fallas/${failure.id}`, { cookie: admin })).status).toBe(200);
    // The seeded catalogue is used by revision results and after-sales failures: deleting it is refused.
    const seeded = (await ctx.request('GET', 'entregas/tipos-unidad', { cookie: admin })).json.data.find(
      (t: any) => t.units_count > 0,
    );
    expect((await ctx.request('DELETE', `entregas/tipos-unidad/${seeded.id}`, { cookie: admin })).status).toBe(409);
    const [used] = await ctx.db
      .select({ placeId: failures.placeId })
      .from(failures)
      .where(isNotNull(failures.placeId))
      .limit(1);
    const refused = await ctx.request('DELETE', `entregas/lugares/${used.placeId}`, { cookie: admin });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('No se puede eliminar porque está en uso; puede deshabilitarlo');
    expect(
      (await ctx.request('PATCH', `entregas/lugares/${used.placeId}`, { cookie: admin, body: { disabled: true } }))
        .status,
    ).toBe(200);
    await ctx.request('PATCH', `entregas/lugares/${used.placeId}`, { cookie: admin, body: { disabled: false } });
    // Without the configuration permission the catalogue is read-only.
    const inspector = await ctx.login('inspector');
    expect(
      (await ctx.request('POST', 'entregas/tipos-unidad', { cookie: inspector, body: { name: 'X', category: 'y' } }))
        .status,
    ).toBe(403);
  });

  it('exports the whole catalogue as xlsx and imports it back; a bad file gets a per-row 422 report and writes nothing', async () => {
    const res = await ctx.app.request(`${API_V2}/entregas/catalogo/exportar`, { headers: { Cookie: admin } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Tipo de unidad');
    expect(ws.rowCount).toBeGreaterThan(10);

    const bad = await importFile(
      await xlsx([
        ['Bodega', 'bodega', 12.5, 'Interior', 'Muros', 'Pintura', 'terminaciones', 'Descascarada', 'leve'],
        ['', 'bodega', '', 'Interior'],
        ['Bodega', 'bodega', '100000', 'Interior', 'Muros', 'Pintura', 'terminaciones', 'Mancha', 'catastrófica'],
        ['Bodega', 'bodega', '', '', 'Techo'],
      ]),
    );
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe('El catálogo tiene errores en 3 filas; no se importó nada');
    expect(bad.json.errors).toEqual(
      expect.arrayContaining([
        'Fila 3, Tipo de unidad: Este campo es obligatorio',
        'Fila 4, Superficie: El valor máximo es 99.999,99',
        'Fila 4, Severidad: Valor inválido',
        'Fila 5, Área: Este campo es obligatorio',
      ]),
    );
    const pt = await importFile(await xlsx([['', 'x']]), 'pt-BR');
    expect(pt.json.errors[0]).toMatch(/^Linha 2, Tipo de unidade:/);
    expect(
      (await ctx.request('GET', 'entregas/tipos-unidad', { cookie: admin })).json.data.some(
        (t: any) => t.name === 'Bodega',
      ),
    ).toBe(false);

    const good = await importFile(
      await xlsx([
        ['Bodega', 'bodega', 12.5, 'Interior', 'Muros', 'Pintura', 'terminaciones', 'Descascarada', 'leve'],
        ['Bodega', 'bodega', 12.5, 'Interior', 'Muros', 'Pintura', 'terminaciones', 'Mancha', 'Moderada'],
        ['Bodega', 'bodega', 12.5, 'Interior', 'Puerta'],
      ]),
    );
    expect(good.status).toBe(200);
    expect(good.json.data.created).toEqual({ types: 1, areas: 1, places: 2, items: 1, failures: 2 });
    const type = (await ctx.request('GET', 'entregas/tipos-unidad', { cookie: admin })).json.data.find(
      (t: any) => t.name === 'Bodega',
    );
    expect(type.surface).toBe(12.5);
    // Re-importing the exported file creates nothing new.
    const again = await importFile(
      new Uint8Array(
        await (
          await ctx.app.request(`${API_V2}/entregas/catalogo/exportar?unit_type_id=${type.id}`, {
            headers: { Cookie: admin },
          })
        ).arrayBuffer(),
      ),
    );
    expect(again.json.data.created).toEqual({ types: 0, areas: 0, places: 0, items: 0, failures: 0 });
    expect((await importFile(new Uint8Array([1, 2, 3]))).json.message).toBe(
      'No se pudo leer el archivo: debe ser un libro Excel (.xlsx)',
    );
  });

  it('a multipart body that is not a form is a 422 asking for the file, not a 500', async () => {
    for (const body of ['{"file":1}', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', '']) {
      const res = await ctx.app.request(`${API_V2}/entregas/catalogo/importar`, {
        method: 'POST',
        body,
        headers: {
          Cookie: admin,
          'X-Requested-With': 'XMLHttpRequest',
          'Content-Type': 'multipart/form-data; boundary=x',
        },
      });
      expect(res.status, body).toBe(422);
      expect((await res.json()).message, body).toBe('Adjunte un archivo .xlsx de como máximo 5 MB');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { API_V2 } from '../../../app.ts';
import { users } from '../../../db/schema/index.ts';
import { giveOwner, pngBytes, unitsIn, upload, useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let sup: string;
let fresh: number[];

async function pdfText(bytes: ArrayBuffer) {
  // pdf.js transfers (detaches) the buffer it reads: give it a copy.
  const parser = new PDFParse({ data: new Uint8Array(bytes.slice(0)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

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

describe('delivery act PDF (docs/product.md#delivery-act)', () => {
  it('carries the logo, project, unit, owners, readings, accessories, observations and both signatures; the text reads back', async () => {
    const unitId = fresh[0];
    await giveOwner(ctx, unitId, { name: 'Josefina' });
    const owners = (await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie: sup })).json.data;
    const josefina = owners.find((o: any) => o.name === 'Josefina');
    const preview = await ctx.app.request(`${API_V2}/entregas/fichas/${unitId}/acta`, { headers: { Cookie: sup } });
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(await preview.arrayBuffer())).toContain('Vista previa: la unidad aún no ha sido entregada');

    // The logo is admin's own upload: a file not attached yet is its uploader's alone (files/access.ts).
    const admin = await ctx.login('admin');
    const logo = await upload(ctx, admin, await pngBytes(300, 100), {
      extension: 'png',
      context: 'image',
      name: 'logo.png',
    });
    expect(
      (
        await ctx.request('PUT', `entregas/proyectos/${ctx.seed.projectIds[1]}/configuracion/logo`, {
          cookie: admin,
          body: { logo_path: logo },
        })
      ).status,
    ).toBe(200);
    const repSignature = await upload(ctx, sup, await pngBytes(), { extension: 'png', context: 'image' });
    await ctx.db.update(users).set({ signaturePath: repSignature }).where(eq(users.username, 'supervisor'));
    await ctx.request('PUT', `entregas/fichas/${unitId}/detalles`, {
      cookie: sup,
      body: {
        parkings: ['E-101'],
        storages: ['B-7'],
        readings: { light: '12.345,6', cold_water: 321.5, hot_water: 45, gas: '7,25', heating: null },
      },
    });
    await ctx.request('PUT', `entregas/fichas/${unitId}/accesorios`, {
      cookie: sup,
      body: {
        accessories: [
          { name: 'Control remoto portón', delivered: true, quantity: 2 },
          { name: 'Manual del propietario', delivered: false, quantity: 1 },
        ],
      },
    });
    // One failure found at the revision: the act counts it in the singular.
    const revision = (await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup })).json.data;
    const item = revision.areas
      .flatMap((a: any) => a.places.flatMap((p: any) => p.items))
      .find((i: any) => i.failures.length);
    await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, {
      cookie: sup,
      body: { results: [{ item_id: item.id, outcome: 'falla', failure_type_id: item.failures[0].id }] },
    });
    const signature = await upload(ctx, sup, await pngBytes(), { extension: 'png', context: 'image' });
    const delivered = await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup,
      body: {
        delivery_date: '2030-03-04',
        attendees: [{ owner_id: josefina.id, role: 'receptor' }],
        observations: 'Se entregan llaves y controles',
        owner_signature_path: signature,
      },
    });
    expect(delivered.status).toBe(200);

    const res = await ctx.app.request(`${API_V2}/entregas/fichas/${unitId}/acta?download=1`, {
      headers: { Cookie: sup },
    });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="acta-entrega-/);
    const bytes = await res.arrayBuffer();
    const text = await pdfText(bytes);
    for (const expected of [
      'Acta de entrega',
      'Inmobiliaria Cordillera SpA',
      'Condominio Alto Macul',
      'Josefina Ibáñez Rojas',
      'Receptor',
      '12.345,6',
      '321,5',
      '7,25',
      'E-101',
      'B-7',
      'Control remoto portón',
      'Manual del propietario',
      'Se entregan llaves y controles',
      '04-03-2030',
      'Firma del propietario o receptor',
      'Rodrigo Sepúlveda Lagos',
      'Revisión previa: 1 ítem revisado, 1 falla pendiente',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Vista previa');
    expect(text).not.toContain('(s)');
    // Logo and both signatures are embedded images.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(3);
    const pt = await ctx.app.request(`${API_V2}/entregas/fichas/${unitId}/acta`, {
      headers: { Cookie: sup, 'Accept-Language': 'pt-BR' },
    });
    expect(await pdfText(await pt.arrayBuffer())).toContain('Termo de entrega');
  });
});

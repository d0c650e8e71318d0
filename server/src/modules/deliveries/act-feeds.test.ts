import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { API_V2 } from '../../app.ts';
import { deliveryCertificates, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { giveOwner, pdfBytes, pngBytes, slot, unitsIn, upload, useTempStorage } from './test-helpers.ts';

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
    const logo = await upload(ctx, admin, await pngBytes(300, 100), { extension: 'png', context: 'image', name: 'logo.png' });
    expect((await ctx.request('PUT', `entregas/proyectos/${ctx.seed.projectIds[1]}/configuracion/logo`, { cookie: admin, body: { logo_path: logo } })).status).toBe(200);
    const repSignature = await upload(ctx, sup, await pngBytes(), { extension: 'png', context: 'image' });
    await ctx.db.update(users).set({ signaturePath: repSignature }).where(eq(users.username, 'supervisor'));
    await ctx.request('PUT', `entregas/fichas/${unitId}/detalles`, { cookie: sup, body: { parkings: ['E-101'], storages: ['B-7'], readings: { light: '12.345,6', cold_water: 321.5, hot_water: 45, gas: '7,25', heating: null } } });
    await ctx.request('PUT', `entregas/fichas/${unitId}/accesorios`, { cookie: sup, body: { accessories: [{ name: 'Control remoto portón', delivered: true, quantity: 2 }, { name: 'Manual del propietario', delivered: false, quantity: 1 }] } });
    const signature = await upload(ctx, sup, await pngBytes(), { extension: 'png', context: 'image' });
    const delivered = await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, {
      cookie: sup, body: { delivery_date: '2030-03-04', attendees: [{ owner_id: josefina.id, role: 'receptor' }], observations: 'Se entregan llaves y controles', owner_signature_path: signature },
    });
    expect(delivered.status).toBe(200);

    const res = await ctx.app.request(`${API_V2}/entregas/fichas/${unitId}/acta?download=1`, { headers: { Cookie: sup } });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="acta-entrega-/);
    const bytes = await res.arrayBuffer();
    const text = await pdfText(bytes);
    for (const expected of [
      'Acta de entrega', 'Inmobiliaria Cordillera SpA', 'Condominio Alto Macul', 'Josefina Ibáñez Rojas', 'Receptor',
      '12.345,6', '321,5', '7,25', 'E-101', 'B-7', 'Control remoto portón', 'Manual del propietario', 'Se entregan llaves y controles',
      '04-03-2030', 'Firma del propietario o receptor', 'Rodrigo Sepúlveda Lagos',
    ]) expect(text, expected).toContain(expected);
    expect(text).not.toContain('Vista previa');
    // Logo and both signatures are embedded images.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(3);
    const pt = await ctx.app.request(`${API_V2}/entregas/fichas/${unitId}/acta`, { headers: { Cookie: sup, 'Accept-Language': 'pt-BR' } });
    expect(await pdfText(await pt.arrayBuffer())).toContain('Termo de entrega');
  });
});

describe('certificates (docs/product.md §5: PDF only, at most 100 of 20 MB)', () => {
  it('attaches PDFs of the company only and refuses other types', async () => {
    const unitId = fresh[1];
    const pdf = await upload(ctx, sup, await pdfBytes(), { extension: 'pdf', context: 'certificate', name: 'certificado-gas.pdf' });
    const added = await ctx.request('POST', `entregas/fichas/${unitId}/archivos`, { cookie: sup, body: { paths: [pdf, pdf] } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ added: 1, max_files: 100, data: [{ name: 'certificado-gas.pdf', extension: 'pdf' }] });
    const image = await upload(ctx, sup, await pngBytes(), { extension: 'png', context: 'image' });
    const refused = await ctx.request('POST', `entregas/fichas/${unitId}/archivos`, { cookie: sup, body: { paths: [image] } });
    expect(refused.json.fields['paths.0']).toBe('Solo se permiten archivos PDF');
    const tooMany = await ctx.request('POST', `entregas/fichas/${unitId}/archivos`, { cookie: sup, body: { paths: Array.from({ length: 101 }, (_, i) => `x${i}`) } });
    expect(tooMany.json.fields.paths).toBe('Se permiten como máximo 100 elementos');
    const id = added.json.data[0].id;
    expect((await ctx.request('DELETE', `entregas/fichas/${unitId}/archivos/${id}`, { cookie: sup })).status).toBe(200);
    expect((await ctx.request('GET', `entregas/fichas/${unitId}/archivos`, { cookie: sup })).json.data).toEqual([]);
  });

  it('refuses a certificate already attached to another unit with a 422 on the path, not a 500', async () => {
    const [a, b] = [fresh[3], fresh[4]];
    const pdf = await upload(ctx, sup, await pdfBytes(), { extension: 'pdf', context: 'certificate', name: 'certificado-luz.pdf' });
    expect((await ctx.request('POST', `entregas/fichas/${a}/archivos`, { cookie: sup, body: { paths: [pdf] } })).status).toBe(201);
    const other = await ctx.request('POST', `entregas/fichas/${b}/archivos`, { cookie: sup, body: { paths: [pdf] }, headers: { 'Accept-Language': 'pt-BR' } });
    expect(other.status).toBe(422);
    expect(other.json.fields).toEqual({ 'paths.0': 'O arquivo já está anexado a outra unidade' });
    expect((await ctx.request('GET', `entregas/fichas/${b}/archivos`, { cookie: sup })).json.data).toEqual([]);
    const again = await ctx.request('POST', `entregas/fichas/${a}/archivos`, { cookie: sup, body: { paths: [pdf] } });
    expect(again.json).toMatchObject({ added: 0, data: [{ name: 'certificado-luz.pdf' }] });
    // Two units attaching the same upload at once: the loser's insert breaks the unique index, answered 409.
    const [row] = await ctx.db.select().from(deliveryCertificates).where(eq(deliveryCertificates.path, pdf));
    const race = await ctx.db.insert(deliveryCertificates).values({ companyId: row.companyId, unitId: b, path: row.path, name: row.name, size: row.size, mime: row.mime }).catch((e: unknown) => e);
    expect(isUniqueViolation(race, 'delivery_certificates_path_uq')).toBe(true);
    expect(isUniqueViolation(race, 'another_uq')).toBe(false);
  });
});

describe('feeds (docs/product.md#delivery-feeds: dashboards, agenda, my tasks)', () => {
  it('units delivered per week over 12 weeks, pending failures per unit and scheduled deliveries as agenda items', async () => {
    const p1 = ctx.seed.projectIds[1];
    const unitId = fresh[2];
    await giveOwner(ctx, unitId);
    const rev = (await ctx.request('GET', `entregas/fichas/${unitId}/revision`, { cookie: sup })).json.data;
    const item = rev.areas[0].places[0].items.find((i: any) => i.failures.length);
    await ctx.request('PUT', `entregas/fichas/${unitId}/revision`, { cookie: sup, body: { results: [{ item_id: item.id, outcome: 'falla', failure_type_id: item.failures[0].id }] } });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    const owners = (await ctx.request('GET', `entregas/fichas/${unitId}/propietarios`, { cookie: sup })).json.data;
    await ctx.request('POST', `entregas/fichas/${unitId}/entregar`, { cookie: sup, body: { delivery_date: today, attendees: [{ owner_id: owners[0].id, role: 'propietario' }] } });

    const weeks = (await ctx.request('GET', `entregas/dashboard/entregas-semanales?project_id=${p1}`, { cookie: sup })).json.data;
    expect(weeks).toHaveLength(12);
    expect(new Date(`${weeks[11].week_start}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks[11].delivered).toBeGreaterThanOrEqual(1);
    expect(weeks.slice(0, 11).every((w: any) => w.delivered === 0)).toBe(true);

    const pending = (await ctx.request('GET', `entregas/dashboard/fallas-pendientes?project_id=${p1}`, { cookie: sup })).json.data;
    expect(pending.find((p: any) => p.unit_id === unitId)).toMatchObject({ pending_failures: 1, state: 'entregada_obs', link: `/warranties/ficha/${unitId}` });

    const start = slot(2);
    await ctx.request('POST', `entregas/fichas/${fresh[3]}/agendar`, { cookie: sup, body: { start_at: start } });
    const day = new Date(start).toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
    const agenda = (await ctx.request('GET', `entregas/agenda?from=${day}&to=${day}`, { cookie: sup })).json.data;
    expect(agenda.find((a: any) => a.unit.id === fresh[3])).toMatchObject({ kind: 'entrega', state: 'por_confirmar', start_at: start });
    const bad = await ctx.request('GET', 'entregas/agenda?from=2030-02-01&to=2030-01-01', { cookie: sup });
    expect(bad.status).toBe(422);
    expect((await ctx.request('GET', `entregas/dashboard/entregas-semanales?project_id=${ctx.seed.otherProjectIds[0]}`, { cookie: sup })).status).toBe(404);
  });
});

describe('demo seed', () => {
  it('delivered units of the first project have details, accessories, revision and act; deliveries are scheduled in the coming days', async () => {
    const p0 = ctx.seed.projectIds[0];
    const obs = (await ctx.request('GET', `entregas/proyectos/${p0}/fichas?state=entregada_obs&rowsPerPage=1`, { cookie: sup })).json.data[0];
    expect(obs.pending_failures).toBe(2);
    const details = (await ctx.request('GET', `entregas/fichas/${obs.id}/detalles`, { cookie: sup })).json.data;
    expect(details.readings.light).toBeGreaterThan(0);
    expect((await ctx.request('GET', `entregas/fichas/${obs.id}/accesorios`, { cookie: sup })).json.data).toMatchObject({ is_template: false });
    expect((await ctx.request('GET', `entregas/fichas/${obs.id}/recepcion`, { cookie: sup })).json.data.delivered_by.full_name).toBe('Matías González Pérez');
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
    const agenda = (await ctx.request('GET', `entregas/agenda?from=${from}&to=${to}&project_id=${p0}`, { cookie: sup })).json.data;
    expect(agenda.length).toBeGreaterThanOrEqual(5);
    expect(new Set(agenda.map((a: any) => a.state))).toEqual(new Set(['por_confirmar', 'confirmada']));
  });
});

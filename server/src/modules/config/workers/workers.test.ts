import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog, companies, outbox, positions, workers } from '../../../db/schema/index.ts';
import { foreignUserId, signIn, userId } from '../test/fixtures.ts';
import { noticeEndingContracts } from './contract-watch.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  ctx = await createTestContext();
  cookies = await signIn(ctx);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const worker = (over: Record<string, unknown> = {}) => ({
  first_name: 'Juan',
  last_name: 'Pérez Soto',
  rut: '12.345.678-5',
  contractor_company: 'Andamios del Sur',
  contract_type: 'plazo_fijo',
  start_date: '2030-01-07',
  end_date: '2030-06-30',
  ...over,
});

describe('config trabajadores (docs/product.md §2: workers and their contracts)', () => {
  it('creates a worker linked to a user, lists it with filters and audits the change', async () => {
    const [position] = await ctx.db.select().from(positions).where(eq(positions.companyId, ctx.seed.companyId));
    const inspector = await userId(ctx, 'inspector');
    const res = await ctx.request('POST', 'configuracion/trabajadores', {
      cookie: cookies.admin,
      body: worker({ position_id: position.id, user_id: inspector }),
    });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      full_name: 'Juan Pérez Soto',
      rut: '12345678-5',
      position: { id: position.id },
      user: { id: inspector, username: 'inspector' },
      is_active: true,
    });
    const list = await ctx.request(
      'GET',
      'configuracion/trabajadores?search=andamios&contract_type=plazo_fijo&active=true',
      {
        cookie: cookies.admin,
      },
    );
    expect(list.json).toMatchObject({ total: 1, data: [{ id: res.json.data.id }] });
    const none = await ctx.request('GET', 'configuracion/trabajadores?contract_type=honorarios', {
      cookie: cookies.admin,
    });
    expect(none.json.total).toBe(0);
    const put = await ctx.request('PUT', `configuracion/trabajadores/${res.json.data.id}`, {
      cookie: cookies.admin,
      body: worker({ end_date: '2030-07-31', is_active: false }),
    });
    expect(put.json.data).toMatchObject({ end_date: '2030-07-31', is_active: false, user: null });
    const lines = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'worker'), eq(auditLog.entityId, res.json.data.id)));
    expect(lines.map((l) => l.action)).toEqual(['created', 'updated']);
    expect(lines[1].after).toMatchObject({ end_date: '2030-07-31', is_active: false });
    const del = await ctx.request('DELETE', `configuracion/trabajadores/${res.json.data.id}`, {
      cookie: cookies.admin,
    });
    expect(del.status).toBe(200);
    expect(
      (await ctx.request('GET', `configuracion/trabajadores/${res.json.data.id}`, { cookie: cookies.admin })).status,
    ).toBe(404);
  });

  it('answers 422 per field (RUT in Chile, Documento de identidade elsewhere), 403 and 404', async () => {
    const bad = await ctx.request('POST', 'configuracion/trabajadores', {
      cookie: cookies.admin,
      body: worker({ first_name: ' ', rut: '12.345.678-9', contract_type: 'otro', end_date: '2029-01-01' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toMatchObject({
      first_name: 'Este campo es obligatorio',
      rut: 'RUT inválido',
      contract_type: expect.any(String),
    });
    const dates = await ctx.request('POST', 'configuracion/trabajadores', {
      cookie: cookies.admin,
      body: worker({ end_date: '2029-01-01' }),
    });
    expect(Object.keys(dates.json.fields)).toEqual(['end_date']);
    await ctx.db.update(companies).set({ country: 'BR' }).where(eq(companies.id, ctx.seed.companyId));
    const br = await ctx.request('POST', 'configuracion/trabajadores', {
      cookie: cookies.admin,
      body: worker({ rut: 'abc' }),
    });
    expect(br.json.fields.rut).toBe('Documento de identidade inválido');
    await ctx.db.update(companies).set({ country: 'CL' }).where(eq(companies.id, ctx.seed.companyId));
    expect((await ctx.request('GET', 'configuracion/trabajadores', { cookie: cookies.revisor })).status).toBe(403);
    const foreignUser = await ctx.request('POST', 'configuracion/trabajadores', {
      cookie: cookies.admin,
      body: worker({ user_id: await foreignUserId(ctx) }),
    });
    expect(foreignUser.status).toBe(404);
    const mine = await ctx.request('POST', 'configuracion/trabajadores', { cookie: cookies.admin, body: worker() });
    for (const [method, body] of [['GET'], ['PUT', worker()], ['DELETE']] as const) {
      const res = await ctx.request(method, `configuracion/trabajadores/${mine.json.data.id}`, {
        cookie: cookies.otra,
        body,
      });
      expect(res.status).toBe(404);
    }
  });

  it('offers the positions, the users to link and the country for the form', async () => {
    const res = await ctx.request('GET', 'configuracion/trabajadores/opciones', { cookie: cookies.admin });
    expect(res.json.data.country).toBe('CL');
    expect(res.json.data.positions.length).toBeGreaterThan(0);
    expect(res.json.data.users).toContainEqual(expect.objectContaining({ username: 'inspector' }));
    expect(res.json.data.users.map((u: { username: string }) => u.username)).not.toContain('otra');
  });

  it('exports the filtered list to xlsx and csv in the caller language', async () => {
    const xlsx = await ctx.app.request('/api/v2/public/api/configuracion/trabajadores/exportar?format=xlsx', {
      headers: { Cookie: cookies.admin, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet('Trabajadores')!;
    expect(sheet.getRow(1).getCell(3).value).toBe('RUT');
    expect(sheet.getRow(2).getCell(1).value).toBe('Pérez Soto');
    const csv = await ctx.request('GET', 'configuracion/trabajadores/exportar?format=csv', {
      cookie: cookies.admin,
      headers: { 'Accept-Language': 'pt-BR' },
    });
    expect(csv.text.split('\r\n')[0]).toBe(
      'Sobrenomes;Nomes;RUT;Empresa contratada;Cargo;Tipo de contrato;Início;Término;Ativo;Usuário',
    );
    expect(csv.text).toContain('Prazo determinado');
  });

  it('tells whoever manages workers once when a contract ends within 15 days', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    const end = new Date(Date.parse(`${today}T12:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
    const created = await ctx.request('POST', 'configuracion/trabajadores', {
      cookie: cookies.admin,
      body: worker({ first_name: 'Ana', start_date: '2020-01-01', end_date: end }),
    });
    const [a, b] = await Promise.all([noticeEndingContracts(ctx.deps), noticeEndingContracts(ctx.deps)]);
    expect(a + b).toBe(1);
    expect(await noticeEndingContracts(ctx.deps)).toBe(0);
    const [event] = await ctx.db.select().from(outbox).where(eq(outbox.type, 'worker.contract_ending'));
    expect(event.payload).toMatchObject({ notify: [await userId(ctx, 'admin')], data: { endDate: end } });
    // A new end date is noticed again.
    const later = new Date(Date.parse(`${end}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await ctx.db.update(workers).set({ endDate: later }).where(eq(workers.id, created.json.data.id));
    expect(await noticeEndingContracts(ctx.deps)).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { signIn, userId } from '../test/fixtures.ts';
import { recordAudit } from './record.ts';

let ctx: TestContext;
let cookies: Awaited<ReturnType<typeof signIn>>;
let workerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  cookies = await signIn(ctx);
  const body = { first_name: 'Luis', last_name: 'Mora', contract_type: 'indefinido', start_date: '2030-01-07' };
  const res = await ctx.request('POST', 'configuracion/trabajadores', { cookie: cookies.admin, body });
  workerId = res.json.data.id;
  await ctx.request('PUT', `configuracion/trabajadores/${workerId}`, {
    cookie: cookies.admin,
    body: { ...body, last_name: 'Mora Díaz' },
  });
  // Another company's trail, which must never show here.
  await recordAudit(
    ctx.db,
    { companyId: ctx.seed.otherCompanyId, userId: null },
    {
      entity: 'worker',
      entityId: 999,
      action: 'created',
      after: { first_name: 'Ajeno' },
    },
  );
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('config auditoria (docs/product.md §1: every administrative change, who, when, what, before and after)', () => {
  it('pages the company trail newest first with a field-by-field diff', async () => {
    const res = await ctx.request('GET', 'configuracion/auditoria?entity=worker', { cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(res.json.total).toBe(2);
    const [updated, created] = res.json.data;
    expect(updated).toMatchObject({
      entity: 'worker',
      entity_id: workerId,
      action: 'updated',
      user: { username: 'admin' },
      changes: [{ field: 'last_name', before: 'Mora', after: 'Mora Díaz' }],
    });
    expect(created.changes).toContainEqual({ field: 'first_name', before: null, after: 'Luis' });
  });

  it('filters by action, user and date range, and refuses bad filters with 422', async () => {
    const admin = await userId(ctx, 'admin');
    const byAction = await ctx.request('GET', `configuracion/auditoria?action=updated&user_id=${admin}`, {
      cookie: cookies.admin,
    });
    expect(byAction.json.data.map((r: { action: string }) => r.action)).toEqual(['updated']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    const inRange = await ctx.request('GET', `configuracion/auditoria?from=${today}&to=${today}&tz=America/Santiago`, {
      cookie: cookies.admin,
    });
    expect(inRange.json.total).toBe(2);
    const past = await ctx.request('GET', 'configuracion/auditoria?from=2000-01-01&to=2000-01-31', {
      cookie: cookies.admin,
    });
    expect(past.json.total).toBe(0);
    const bad = await ctx.request('GET', 'configuracion/auditoria?entity=nada&action=x', { cookie: cookies.admin });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['action', 'entity']);
    const reversed = await ctx.request('GET', 'configuracion/auditoria?from=2030-02-01&to=2030-01-01', {
      cookie: cookies.admin,
    });
    expect(Object.keys(reversed.json.fields)).toEqual(['to']);
    const actors = await ctx.request('GET', 'configuracion/auditoria/usuarios', { cookie: cookies.admin });
    expect(actors.json.data).toEqual([{ id: admin, full_name: 'Carolina Fuentes Ortiz', username: 'admin' }]);
  });

  it('is for administrators only (config_auditoria) and never shows another company', async () => {
    expect((await ctx.request('GET', 'configuracion/auditoria', { cookie: cookies.inspector })).status).toBe(403);
    expect((await ctx.request('GET', 'configuracion/auditoria/exportar', { cookie: cookies.revisor })).status).toBe(
      403,
    );
    const other = await ctx.request('GET', 'configuracion/auditoria', { cookie: cookies.otra });
    expect(other.json.data.map((r: { entity_id: number }) => r.entity_id)).toEqual([999]);
  });

  it('exports the filtered trail to xlsx and csv with the changes written out', async () => {
    const csv = await ctx.request(
      'GET',
      'configuracion/auditoria/exportar?format=csv&action=updated&tz=America/Santiago',
      {
        cookie: cookies.admin,
      },
    );
    const [header, line] = csv.text.split('\r\n');
    expect(header).toBe('Fecha (America/Santiago);Usuario;Registro;Id;Acción;Cambios');
    expect(line).toContain('Carolina Fuentes Ortiz;Trabajador');
    expect(line).toContain('last_name: Mora → Mora Díaz');
    const xlsx = await ctx.app.request('/api/v2/public/api/configuracion/auditoria/exportar?format=xlsx', {
      headers: { Cookie: cookies.admin, 'X-Requested-With': 'XMLHttpRequest' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    expect(book.getWorksheet('Auditoría')!.rowCount).toBe(3);
  });
});

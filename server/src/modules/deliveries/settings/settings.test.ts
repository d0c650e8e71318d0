import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { pdfBytes, pngBytes, upload, useTempStorage } from '../test/fixtures.ts';

let ctx: TestContext;
let cleanup: () => void;
let admin: string;
let p0: number;

beforeAll(async () => {
  ctx = await createTestContext();
  cleanup = useTempStorage(ctx);
  admin = await ctx.login('admin');
  p0 = ctx.seed.projectIds[0];
}, 180_000); // seeding a fresh database is slow on a loaded 2-core machine
afterAll(async () => {
  await ctx?.close();
  cleanup?.();
});

describe('project configuration (docs/product.md §2 config propietarios, §3 Project configuration, §5)', () => {
  it('general: RUT rules, message ≤ 1000, saves only changes and says when there is nothing to send', async () => {
    const bad = await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/general`, {
      cookie: admin,
      body: {
        real_estate_id_number: '12.345.678-9',
        notification_message: 'x'.repeat(1001),
        contacts: [{ name: 'Ana', email: 'niño@correo.cl' }],
      },
    });
    expect(bad.json.fields).toEqual({
      real_estate_id_number: 'RUT inválido',
      notification_message: 'Debe tener como máximo 1000 caracteres',
      'contacts.0.email': 'El correo no puede contener la letra ñ',
    });
    const saved = await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/general`, {
      cookie: admin,
      body: {
        real_estate_id_number: '76543210-3',
        legal_representative: 'María Soto',
        response_time_hours: 36,
        accessories: ['Llaves', 'Control remoto'],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({
      real_estate_id_number: '76543210-3',
      legal_representative: 'María Soto',
      response_time_hours: 36,
      accessories: ['Llaves', 'Control remoto'],
    });
    const same = await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/general`, {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { real_estate_id_number: '76.543.210-3', response_time_hours: 36 },
    });
    expect(same.status).toBe(422);
    expect(same.json.message).toBe('Não há alterações para enviar');
    expect(
      (await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/general`, { cookie: admin, body: {} })).json
        .message,
    ).toBe('No hay cambios para enviar');
    // The accessories configured here are what a new ficha starts with.
    const unit = (
      await ctx.request('GET', `entregas/proyectos/${p0}/fichas?state=por_entregar&rowsPerPage=1`, { cookie: admin })
    ).json.data[0];
    expect(
      (await ctx.request('GET', `entregas/fichas/${unit.id}/accesorios`, { cookie: admin })).json.data,
    ).toMatchObject({ is_template: true, accessories: [{ name: 'Llaves' }, { name: 'Control remoto' }] });
  });

  it('global: shows shared and mixed values of several projects and writes the same values to all of them', async () => {
    const [a, b] = ctx.seed.projectIds;
    const before = (await ctx.request('GET', `entregas/configuracion/global?project_ids=${a},${b}`, { cookie: admin }))
      .json.data;
    expect(before.mixed).toContain('response_time_hours');
    const saved = await ctx.request('PUT', 'entregas/configuracion/global', {
      cookie: admin,
      body: { project_ids: [a, b], response_time_hours: 72, response_action: 'notificar_responsable' },
    });
    expect(saved.json.data).toMatchObject({
      updated: 2,
      values: { response_time_hours: 72, response_action: 'notificar_responsable' },
    });
    expect(saved.json.data.mixed).not.toContain('response_time_hours');
    expect(
      (
        await ctx.request('PUT', 'entregas/configuracion/global', {
          cookie: admin,
          body: { project_ids: [a, b], response_time_hours: 72 },
        })
      ).status,
    ).toBe(422);
    const tooMany = await ctx.request('PUT', 'entregas/configuracion/global', {
      cookie: admin,
      body: { project_ids: Array.from({ length: 51 }, (_, i) => i + 1), response_time_hours: 1 },
    });
    expect(tooMany.json.fields.project_ids).toBe('Se permiten como máximo 50 elementos');
    expect(
      (
        await ctx.request('PUT', 'entregas/configuracion/global', {
          cookie: admin,
          body: { project_ids: [ctx.seed.otherProjectIds[0]], response_time_hours: 5 },
        })
      ).status,
    ).toBe(404);
  });

  it('logo, planos per unit type and iframe origins (frame-ancestors)', async () => {
    const logo = await upload(ctx, admin, await pngBytes(200, 80), {
      extension: 'png',
      context: 'image',
      name: 'logo.png',
    });
    const saved = await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/logo`, {
      cookie: admin,
      body: { logo_path: logo },
    });
    expect(saved.json.data).toMatchObject({ logo_path: logo, url: `/api/v2/public/files/${logo}` });
    expect(
      (
        await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/logo`, {
          cookie: admin,
          body: { logo_path: logo },
        })
      ).status,
    ).toBe(422);
    const otherCompanyPath = `${ctx.seed.otherCompanyId}/2030/01/00000000-0000-4000-8000-000000000000.png`;
    expect(
      (
        await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/logo`, {
          cookie: admin,
          body: { logo_path: otherCompanyPath },
        })
      ).json.fields.logo_path,
    ).toBe('La imagen no es válida o no existe');

    const plan = await upload(ctx, admin, await pdfBytes('Plano'), {
      extension: 'pdf',
      context: 'general',
      name: 'plano-2d.pdf',
    });
    const types = (await ctx.request('GET', `entregas/proyectos/${p0}/configuracion/planos`, { cookie: admin })).json
      .data;
    const used = types.find((t: any) => t.is_used);
    const added = await ctx.request('POST', `entregas/proyectos/${p0}/configuracion/planos`, {
      cookie: admin,
      body: { unit_type_id: used.unit_type.id, paths: [plan] },
    });
    expect(added.status).toBe(201);
    const withPlan = added.json.data.find((t: any) => t.unit_type.id === used.unit_type.id);
    expect(withPlan.plans).toMatchObject([{ name: 'plano-2d.pdf', path: plan }]);
    expect(
      (
        await ctx.request('DELETE', `entregas/proyectos/${p0}/configuracion/planos/${withPlan.plans[0].id}`, {
          cookie: admin,
        })
      ).status,
    ).toBe(200);

    const frame = await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/iframe`, {
      cookie: admin,
      body: { enabled: true, allowed_origins: ['https://Portal.Cordillera.cl', 'https://portal.cordillera.cl'] },
    });
    expect(frame.json.data).toEqual({
      enabled: true,
      allowed_origins: ['https://portal.cordillera.cl'],
      frame_ancestors: "'self' https://portal.cordillera.cl",
    });
    const badOrigin = await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/iframe`, {
      cookie: admin,
      body: { enabled: true, allowed_origins: ['https://x.cl/path'] },
    });
    expect(badOrigin.json.fields['allowed_origins.0']).toBe(
      'Ingrese un origen https sin ruta, por ejemplo https://www.inmobiliaria.cl',
    );
    const agente = await ctx.login('agente');
    expect(
      (
        await ctx.request('PUT', `entregas/proyectos/${p0}/configuracion/iframe`, {
          cookie: agente,
          body: { enabled: false, allowed_origins: [] },
        })
      ).status,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test-support.ts';
import { orders } from '../db/schema/index.ts';

// Migrating and seeding PGlite takes seconds, over a minute on a busy shared machine.
const SEED_TIMEOUT = 180_000;

let ctx: TestContext;
let admin: string;
let ids: { ticket: number; unit: number; project: number; failure: number };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin');
  const ticket = (await ctx.request('GET', 'postventa/solicitudes?rowsPerPage=1&state=en_proceso', { cookie: admin }))
    .json.data[0];
  const failures = (await ctx.request('GET', `postventa/solicitudes/${ticket.id}/fallas`, { cookie: admin })).json.data;
  ids = {
    ticket: ticket.id,
    unit: ticket.unit_id ?? ticket.unit?.id,
    project: ctx.seed.projectIds[0],
    failure: failures[0]?.id,
  };
}, SEED_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
});

const get = (path: string, lang?: string) =>
  ctx.request('GET', path, { cookie: admin, headers: lang ? { 'Accept-Language': lang } : {} });
/** Ids no int4 column can hold, or that are not ids at all. */
const BAD_IDS = ['9999999999', '2147483648', '99999999999', '1e3', '1e30', '-1', '1.5', '0', '0x10'];

describe('NUL in paths and queries (PostgreSQL text cannot hold U+0000)', () => {
  it("a search filter with a NUL is a 422 on that field, in the caller's language", async () => {
    for (const path of [
      'postventa/solicitudes?search=%00',
      'home/proyectos?search=a%00b',
      `entregas/proyectos/${ids.project}/fichas?search=%00`,
    ]) {
      const res = await get(path, 'pt-BR');
      expect(res.status, path).toBe(422);
      expect(res.json.fields, path).toEqual({ search: 'Contém caracteres não permitidos' });
    }
    expect((await get('postventa/solicitudes?x%00=1')).status).toBe(422);
  });

  it('a path with a NUL names nothing: 404', async () => {
    for (const path of [
      `postventa/visita/${'A'.repeat(20)}%00`,
      'configuracion/estatus/%00',
      'realtime/rooms/project%3A1%00',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('ids beyond PostgreSQL integer (one id schema, domain/schemas/common.ts)', () => {
  it('in a path: 404, like an unknown id', async () => {
    for (const bad of BAD_IDS) {
      for (const path of [
        `postventa/solicitudes/${bad}`,
        `postventa/solicitudes/${ids.ticket}/fallas/${bad}`,
        `entregas/fichas/${bad}`,
        `postventa/catalogo/tipos/${bad}`,
        `home/proyectos/${bad}`,
      ]) {
        const res = await ctx.request(path.includes('/fallas/') ? 'PATCH' : 'GET', path, {
          cookie: admin,
          body: path.includes('/fallas/') ? {} : undefined,
        });
        expect(res.status, path).toBe(404);
      }
      expect(
        (await ctx.request('PATCH', `notificaciones/${bad}`, { cookie: admin, body: { read: true } })).status,
        bad,
      ).toBe(404);
    }
  });

  it('in a list filter: 422 on the filter', async () => {
    for (const bad of BAD_IDS) {
      for (const [path, field] of [
        [`postventa/solicitudes?project_id=${bad}`, 'project_id'],
        [`postventa/solicitudes?unit_id=1,${bad}`, 'unit_id'],
        [`postventa/dashboard/solicitudes?responsible_id=${bad}`, 'responsible_id'],
        [`postventa/estadisticas?project_id=${bad}`, 'project_id'],
        [`postventa/agenda?from=2030-01-01&to=2030-01-31&project_id=${bad}`, 'project_id'],
        [`postventa/unidades?project_id=${bad}`, 'project_id'],
        [`entregas/proyectos/${ids.project}/fichas?tower_id=${bad}`, 'tower_id'],
        [`entregas/agenda?from=2030-01-01&to=2030-01-31&project_id=${bad}`, 'project_id'],
        [`entregas/catalogo/exportar?unit_type_id=${bad}`, 'unit_type_id'],
        [`entregas/dashboard/fallas-pendientes?project_id=${bad}`, 'project_id'],
      ] as const) {
        const res = await get(path);
        expect(res.status, path).toBe(422);
        expect(
          Object.keys(res.json.fields ?? {}).some((f) => f.startsWith(field)),
          path,
        ).toBe(true);
      }
    }
  });

  it('in a body: 422 on the field', async () => {
    for (const bad of [99999999999, 2147483648, 1e30, -1, 1.5, '2147483648']) {
      for (const [method, path, body, field] of [
        ['POST', `postventa/solicitudes/${ids.ticket}/fusionar`, { ticket_ids: [bad] }, 'ticket_ids.0'],
        ['POST', 'postventa/solicitudes/bulk', { ids: [bad], action: 'priority', priority: 'low' }, 'ids.0'],
        ['POST', `postventa/solicitudes/${ids.ticket}/ac`, { failure_ids: [bad] }, 'failure_ids.0'],
        ['POST', `postventa/solicitudes/${ids.ticket}/fallas`, { failure_type_id: bad }, 'failure_type_id'],
        ['PATCH', `postventa/solicitudes/${ids.ticket}`, { responsible_id: bad }, 'responsible_id'],
      ] as const) {
        const res = await ctx.request(method, path, { cookie: admin, body });
        expect(res.status, `${path} ${bad}`).toBe(422);
        expect(res.json.fields?.[field], `${path} ${bad}`).toBe('Valor inválido');
      }
    }
  });
});

describe('sort keys (docs/product.md §3 sortBy)', () => {
  it("an unknown key is 422, also one of Object.prototype's", async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'nope']) {
      for (const path of ['home/proyectos', 'postventa/solicitudes', `entregas/proyectos/${ids.project}/fichas`]) {
        const res = await get(`${path}?sortBy=${key}`);
        expect(res.status, `${path} ${key}`).toBe(422);
        expect(res.json.fields, `${path} ${key}`).toEqual({ sortBy: 'Valor inválido' });
      }
    }
    expect((await get('home/proyectos?sortBy=created_at&descending=true')).status).toBe(200);
  });
});

describe('dates that do not exist, or outside the years the app handles (docs/product.md §5 date rule)', () => {
  it('are a 422 on the field in filters and bodies, not a database error', async () => {
    // Years 0001 and 9999 are real dates, but a time zone or a duration moves them past what the database takes.
    for (const bad of [
      '2030-02-31',
      '6882-66-83',
      '2030-13-01',
      '0000-01-01',
      '0001-01-01',
      '9999-12-31',
      '1899-12-31',
      '3000-01-01',
    ]) {
      for (const [path, field] of [
        [`postventa/solicitudes?date_preset=custom&date_from=${bad}&date_to=2030-12-31`, 'date_from'],
        [`postventa/dashboard/solicitudes?date_preset=custom&date_from=2030-01-01&date_to=${bad}`, 'date_to'],
        [`postventa/estadisticas?date_preset=custom&date_from=${bad}&date_to=2030-12-31`, 'date_from'],
        [`entregas/proyectos/${ids.project}/fichas?scheduled_from=${bad}`, 'scheduled_from'],
        [`entregas/proyectos/${ids.project}/fichas?delivered_to=${bad}`, 'delivered_to'],
        [`entregas/agenda?from=${bad}&to=2030-12-31`, 'from'],
        [`postventa/agenda?from=${bad}&to=2030-01-31`, 'from'],
        [`postventa/agenda?from=2030-01-01&to=${bad}`, 'to'],
      ] as const) {
        const res = await get(path);
        expect(res.status, path).toBe(422);
        expect(res.json.fields?.[field], path).toBeDefined();
        expect(res.json.errors, path).toContain('Ingrese una fecha válida');
      }
      const settings = await ctx.request('PUT', `postventa/proyectos/${ids.project}/configuracion`, {
        cookie: admin,
        body: { municipal_reception_date: bad },
      });
      expect(settings.status, bad).toBe(422);
      expect(settings.json.fields, bad).toEqual({ municipal_reception_date: 'Ingrese una fecha válida' });
    }
  });

  it('a visit slot beyond those years is a 422 on start_at', async () => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.kind, 'OI')).orderBy(asc(orders.id)).limit(1);
    const [failure] = (await ctx.request('GET', `postventa/solicitudes/${order.ticketId}/fallas`, { cookie: admin }))
      .json.data;
    for (const start of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:45:00Z',
      '1899-12-31T23:45:00Z',
    ]) {
      for (const [method, path, body] of [
        [
          'POST',
          `postventa/solicitudes/${order.ticketId}/oi`,
          { responsible_id: 1, failure_ids: [failure.id], start_at: start, duration_minutes: 60 },
        ],
        [
          'POST',
          `postventa/solicitudes/${order.ticketId}/oi/${order.id}/reagendar`,
          { start_at: start, duration_minutes: 60 },
        ],
        ['PATCH', `postventa/agenda/${order.id}`, { start_at: start, duration_minutes: 60 }],
        ['POST', `entregas/fichas/${ids.unit}/agendar`, { start_at: start }],
      ] as const) {
        const res = await ctx.request(method, path, { cookie: admin, body });
        expect(res.status, `${path} ${start}`).toBe(422);
        expect(res.json.fields?.start_at, `${path} ${start}`).toBe('Ingrese una fecha válida');
      }
    }
  });
});

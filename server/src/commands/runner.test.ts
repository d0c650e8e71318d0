import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { assign, setup } from 'xstate';
import { createTestContext, type TestContext } from '../test-support.ts';
import { activityLog, outbox } from '../db/schema/index.ts';
import type { AppEnv, SessionUser } from '../http/context.ts';
import type { Tx } from '../db/client.ts';
import { errorHandler, requestContext } from '../http/middleware.ts';
import { translator } from '../lib/i18n.ts';
import { ticketMachine } from '#machines/ticket';
import { emptyBody, type CommandTable } from '#domain/commands';
import { ticketCommands } from '#domain/tickets';
import { runCommand } from './runner.ts';

// A test-only machine and table: the helper is generic over any XState v5 machine (docs/architecture.md §5).
const widgetMachine = setup({
  types: {
    context: {} as { starts: number },
    events: {} as { type: 'widget.start' } | { type: 'widget.finish' } | { type: 'widget.reopen' },
  },
}).createMachine({
  id: 'widget',
  initial: 'nuevo',
  context: { starts: 0 },
  states: {
    nuevo: {
      on: { 'widget.start': { target: 'en_curso', actions: assign({ starts: ({ context }) => context.starts + 1 }) } },
    },
    en_curso: { on: { 'widget.finish': 'terminado' } },
    terminado: {
      on: {
        'widget.reopen': {
          target: 'en_curso',
          guard: ({ context }) => context.starts < 2,
          actions: assign({ starts: ({ context }) => context.starts + 1 }),
        },
      },
    },
  },
});
type WidgetEvent = Parameters<typeof widgetMachine.transition>[1];
// runCommand checks the event's permission in the feature's table first (auth/guard.ts).
const widgetCommands = {
  'widget.start': { verb: 'iniciar', permission: 'widget_editar', body: emptyBody },
  'widget.finish': { verb: 'terminar', permission: 'widget_editar', body: emptyBody },
  'widget.reopen': { verb: 'reabrir', permission: 'widget_reabrir', body: emptyBody },
} satisfies CommandTable<WidgetEvent['type']>;
const staff = (...permissions: string[]) =>
  ({ id: 7, kind: 'staff', permissions: new Set(permissions) }) as Partial<SessionUser> as SessionUser;
const editor = staff('widget_editar', 'widget_reabrir', 'postventa_cerrar');
type WidgetRow = { id: number; state: string; starts: number; project_id: number };

let ctx: TestContext;
let companyId: number;
let projectId: number;
let wakes = 0;

async function newWidget(state = 'nuevo', starts = 0): Promise<number> {
  const res = await ctx.db.execute(
    sql`insert into test_widgets (company_id, project_id, state, starts) values (${companyId}, ${projectId}, ${state}, ${starts}) returning id`,
  );
  return (res as unknown as { rows: { id: number }[] }).rows[0].id;
}
async function widget(id: number): Promise<WidgetRow> {
  const res = await ctx.db.execute(sql`select * from test_widgets where id = ${id}`);
  return (res as unknown as { rows: WidgetRow[] }).rows[0];
}
const count = async (table: typeof outbox | typeof activityLog, id: number) =>
  table === outbox
    ? (
        await ctx.db
          .select()
          .from(outbox)
          .where(sql`${outbox.payload}->'entity'->>'id' = ${String(id)}`)
      ).length
    : (
        await ctx.db
          .select()
          .from(activityLog)
          .where(and(eq(activityLog.entityType, 'widget'), eq(activityLog.entityId, id)))
      ).length;

function command(
  id: number,
  event: WidgetEvent,
  opts: { locale?: 'es' | 'pt-BR'; failAfterPersist?: boolean; companyId?: number; actor?: SessionUser | 'owner' } = {},
) {
  return runCommand(ctx.deps, {
    machine: widgetMachine,
    machineName: 'widget',
    entity: { type: 'widget', id, companyId: opts.companyId ?? companyId },
    load: async (tx: Tx) => {
      const res = await tx.execute(
        sql`select * from test_widgets where id = ${id} and company_id = ${opts.companyId ?? companyId} for update`,
      );
      const row = (res as unknown as { rows: WidgetRow[] }).rows[0];
      return row && { value: row.state, context: { starts: row.starts }, row, projectId: row.project_id };
    },
    event,
    commands: widgetCommands,
    actor: opts.actor ?? editor,
    persist: async (tx, next) => {
      await tx.execute(
        sql`update test_widgets set state = ${next.to}, starts = ${next.context.starts} where id = ${id}`,
      );
      if (opts.failAfterPersist) throw new Error('disk full');
      return next.to;
    },
    userId: 7,
    t: translator(opts.locale ?? 'es'),
    data: (next) => ({ starts: next.context.starts }),
    notify: [7, 7, 8],
    link: `/widgets/${id}`,
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = ctx.seed.companyId;
  projectId = ctx.seed.projectIds[0];
  ctx.deps.wakeOutbox = () => {
    wakes++;
  };
  await ctx.db.execute(
    sql`create table test_widgets (id serial primary key, company_id int not null, project_id int not null, state text not null, starts int not null default 0)`,
  );
});
afterAll(async () => ctx?.close());

describe('runCommand (docs/architecture.md §5 command path)', () => {
  it('writes the new state, one activity row and one outbox event in the same commit', async () => {
    const id = await newWidget();
    const before = wakes;
    const out = await command(id, { type: 'widget.start' });
    expect(out.result).toBe('en_curso');
    expect(await widget(id)).toMatchObject({ state: 'en_curso', starts: 1 });
    const [activity] = await ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityType, 'widget'), eq(activityLog.entityId, id)));
    expect(activity).toMatchObject({
      companyId,
      projectId,
      action: 'widget.start',
      fromState: 'nuevo',
      toState: 'en_curso',
      userId: 7,
      data: { starts: 1 },
    });
    const [event] = await ctx.db.select().from(outbox).where(eq(outbox.id, out.eventId));
    expect(event).toMatchObject({
      companyId,
      projectId,
      type: 'widget.state_changed',
      topic: `qa/${companyId}/projects/${projectId}/widgets/${id}`,
      publishedAt: null,
    });
    expect(event.payload).toMatchObject({
      entity: { type: 'widget', id },
      actorId: 7,
      action: 'widget.start',
      from: 'nuevo',
      to: 'en_curso',
      data: { starts: 1 },
      notify: [7, 8],
      link: `/widgets/${id}`,
      labels: {
        entity: 'machines.widget.entity',
        action: 'machines.widget.events.start',
        state: 'machines.widget.states.en_curso',
      },
    });
    expect(wakes).toBe(before + 1);
  });

  it('an event not allowed in the current state answers 409 naming state and action, es and pt-BR; nothing is written', async () => {
    const id = await newWidget();
    const app = new Hono<AppEnv>()
      .use(requestContext(ctx.deps))
      .onError(errorHandler)
      .post('/w/:id/:event', async (c) => {
        const out = await runCommandFor(c.req.param('id'), c.req.param('event'), c.var.t);
        return c.json({ state: out });
      });
    async function runCommandFor(rawId: string, event: string, t: ReturnType<typeof translator>) {
      const res = await runCommand(ctx.deps, {
        machine: widgetMachine,
        machineName: 'widget',
        entity: { type: 'widget', id: Number(rawId), companyId },
        load: async (tx) => {
          const r = (await tx.execute(
            sql`select * from test_widgets where id = ${Number(rawId)} for update`,
          )) as unknown as { rows: WidgetRow[] };
          return r.rows[0] && { value: r.rows[0].state, context: { starts: r.rows[0].starts }, row: r.rows[0] };
        },
        event: { type: event } as WidgetEvent,
        commands: widgetCommands,
        actor: editor,
        persist: async () => 'x',
        userId: 1,
        t,
      });
      return res.result;
    }
    const es = await app.request(`/w/${id}/widget.finish`, { method: 'POST', headers: { 'Accept-Language': 'es-CL' } });
    expect(es.status).toBe(409);
    // Machine names fall back to raw ids when machines.widget.* has no words (a test-only machine).
    expect(await es.json()).toMatchObject({
      message: 'No se puede widget.finish cuando widget está en estado «nuevo»',
      state: 'nuevo',
      event: 'widget.finish',
    });
    const pt = await app.request(`/w/${id}/widget.finish`, { method: 'POST', headers: { 'Accept-Language': 'pt-BR' } });
    expect(pt.status).toBe(409);
    expect((await pt.json()).message).toBe('Não é possível widget.finish quando widget está no estado «nuevo»');
    expect(await widget(id)).toMatchObject({ state: 'nuevo', starts: 0 });
    expect(await count(activityLog, id)).toBe(0);
    expect(await count(outbox, id)).toBe(0);
  });

  it('a failure after persist rolls back the state, the activity row and the event', async () => {
    const id = await newWidget();
    const before = wakes;
    await expect(command(id, { type: 'widget.start' }, { failAfterPersist: true })).rejects.toThrow('disk full');
    expect(await widget(id)).toMatchObject({ state: 'nuevo', starts: 0 });
    expect(await count(activityLog, id)).toBe(0);
    expect(await count(outbox, id)).toBe(0);
    expect(wakes).toBe(before);
  });

  it('guards decide with the stored context (reopen allowed only while starts < 2)', async () => {
    const id = await newWidget('terminado', 1);
    await command(id, { type: 'widget.reopen' });
    expect(await widget(id)).toMatchObject({ state: 'en_curso', starts: 2 });
    await command(id, { type: 'widget.finish' });
    await expect(command(id, { type: 'widget.reopen' })).rejects.toMatchObject({ status: 409 });
  });

  it("another company's entity is 404, never a 409 that would reveal its state (docs/architecture.md §4)", async () => {
    const id = await newWidget();
    await expect(command(id, { type: 'widget.start' }, { companyId: ctx.seed.otherCompanyId })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('two concurrent commands on one entity: the row lock lets one through, the other sees the new state (409)', async () => {
    const id = await newWidget();
    const results = await Promise.allSettled([
      command(id, { type: 'widget.start' }),
      command(id, { type: 'widget.start' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status),
    ).toEqual([409]);
    expect(await count(outbox, id)).toBe(1);
  });

  it("checks the event's permission in the command table before reading anything: 403, nothing written", async () => {
    const id = await newWidget('terminado');
    for (const actor of [staff('widget_editar'), 'owner' as const]) {
      await expect(command(id, { type: 'widget.reopen' }, { actor })).rejects.toMatchObject({
        status: 403,
        key: 'errors.no_permission',
      });
    }
    expect(await widget(id)).toMatchObject({ state: 'terminado' });
    expect(await count(activityLog, id)).toBe(0);
    expect((await command(id, { type: 'widget.reopen' }, { actor: staff('widget_reabrir') })).result).toBe('en_curso');
  });

  it('event ids increase in commit order', async () => {
    const a = await command(await newWidget(), { type: 'widget.start' });
    const b = await command(await newWidget(), { type: 'widget.start' });
    expect(b.eventId).toBeGreaterThan(a.eventId);
  });

  it("with the real ticket machine the 409 uses the machines' words, in es and pt-BR (docs/architecture.md §5, docs/product.md §4)", async () => {
    // A postponed ticket cannot be closed (machines/ticket.ts); the row lives in test_widgets.
    const id = await newWidget('postergada');
    const close = (locale: 'es' | 'pt-BR') =>
      runCommand(ctx.deps, {
        machine: ticketMachine,
        machineName: 'ticket',
        entity: { type: 'ticket', id, companyId },
        load: async (tx) => {
          const r = (await tx.execute(sql`select * from test_widgets where id = ${id} for update`)) as unknown as {
            rows: WidgetRow[];
          };
          return { value: r.rows[0].state, context: { previousState: 'abierta' as const }, row: r.rows[0] };
        },
        event: { type: 'ticket.close', justification: 'Reparado por el contratista' },
        commands: ticketCommands,
        actor: editor,
        persist: async () => 'never',
        userId: 7,
        t: translator(locale),
      });
    await expect(close('es')).rejects.toMatchObject({
      status: 409,
      params: { action: 'cerrar', entity: 'la solicitud', state: 'Postergada' },
    });
    const app = new Hono<AppEnv>()
      .use(requestContext(ctx.deps))
      .onError(errorHandler)
      .post('/close', async () => {
        await close('es');
        return new Response();
      });
    const res = await app.request('/close', { method: 'POST' });
    expect((await res.json()).message).toBe('No se puede cerrar cuando la solicitud está en estado «Postergada»');
    await expect(close('pt-BR')).rejects.toMatchObject({
      params: { action: 'encerrar', entity: 'a solicitação', state: 'Adiada' },
    });
    expect(await count(outbox, id)).toBe(0);
  });
});

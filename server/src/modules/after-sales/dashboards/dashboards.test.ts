import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { failureStats, failures, ticketPauses, tickets } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';
import { pausedSeconds } from './queries.ts';
import { TICKET_UNRESOLVED_STATES } from '#domain/tickets';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let supervisor: string;
let agent: string;
const hour = 3_600_000;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  supervisor = await ctx.login('supervisor');
  agent = await ctx.login('agente');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

/** Moves a ticket's clock back, as if it had been created `hours` ago. */
const age = (id: number, hours: number) =>
  ctx.db
    .update(tickets)
    .set({ createdAt: new Date(Date.now() - hours * hour) })
    .where(eq(tickets.id, id));

describe('dashboard/solicitudes (docs/product.md#dashboards)', () => {
  it('counts by state and priority match the tickets the caller sees', async () => {
    const res = await ctx.request('GET', 'postventa/dashboard/solicitudes', { cookie: supervisor });
    expect(res.status).toBe(200);
    const rows = await ctx.db
      .select({ state: tickets.state, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(eq(tickets.companyId, ctx.seed.companyId), inArray(tickets.projectId, ctx.seed.projectIds)))
      .groupBy(tickets.state);
    expect(res.json.data.by_state).toEqual(Object.fromEntries(rows.map((r) => [r.state, r.n])));
    const open = rows
      .filter((r) => (TICKET_UNRESOLVED_STATES as readonly string[]).includes(r.state))
      .reduce((n, r) => n + r.n, 0);
    expect(Object.values(res.json.data.by_priority as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(open);
    expect(res.json.data.response.open).toBe(open);
    const projectOnly = await ctx.request(
      'GET',
      `postventa/dashboard/solicitudes?project_id=${ctx.seed.projectIds[1]}`,
      { cookie: supervisor },
    );
    expect(projectOnly.json.data.response.open).toBeLessThan(open);
  });

  it('overdue against the response time; the clock pauses while postponed; agents are exempt (docs/product.md §6)', async () => {
    const late = await newTicket(ctx, agent, ids, { responsible_id: ids.supervisor });
    const paused = await newTicket(ctx, agent, ids, { responsible_id: ids.supervisor });
    const agents = await newTicket(ctx, agent, ids, { responsible_id: ids.agente });
    for (const t of [late, paused, agents]) await age(t.id, 100);
    await ctx.db.insert(ticketPauses).values({
      companyId: ctx.seed.companyId,
      ticketId: paused.id,
      reason: 'postergada',
      startedAt: new Date(Date.now() - 99 * hour),
      endedAt: new Date(Date.now() - 10 * hour),
    });
    const board = (
      await ctx.request('GET', `postventa/dashboard/solicitudes?unit_id=${ids.unitId}`, { cookie: supervisor })
    ).json.data;
    const cards = board.lanes.flatMap((l: any) => l.tickets);
    expect(cards.find((c: any) => c.id === late.id).overdue).toBe(true);
    expect(cards.find((c: any) => c.id === paused.id).overdue).toBe(false);
    expect(cards.find((c: any) => c.id === agents.id).overdue).toBe(false);
    const agentLane = board.lanes.find((l: any) => l.responsible.id === ids.agente);
    expect(agentLane).toMatchObject({ overdue: 0, responsible: { is_agent: true } });
    const detail = await ctx.request('GET', `postventa/solicitudes/${late.id}`, { cookie: supervisor });
    expect(detail.json.data.response).toMatchObject({ is_overdue: true, is_exempt: false, response_time_hours: 48 });
    const exempt = await ctx.request('GET', `postventa/solicitudes/${agents.id}`, { cookie: supervisor });
    expect(exempt.json.data.response).toMatchObject({ is_overdue: false, is_exempt: true, response_due_at: null });
  });

  it('docs/product.md §6 dashboards need postventa_supervisar or postventa_gestionar', async () => {
    expect(
      (await ctx.request('GET', 'postventa/dashboard/solicitudes', { cookie: await ctx.login('gerente') })).status,
    ).toBe(200);
    expect(
      (await ctx.request('GET', 'postventa/dashboard/eficiencia', { cookie: await ctx.login('inspector') })).status,
    ).toBe(403);
    expect((await ctx.request('GET', 'postventa/solicitudes', { cookie: await ctx.login('revisor') })).status).toBe(
      403,
    );
  });
});

describe('dashboard/eficiencia (docs/product.md#dashboards: clocks pause while postponed or waiting on the owner)', () => {
  it('response and resolution hours per responsible and per project, minus the paused time', async () => {
    const t = await newTicket(ctx, agent, ids, { responsible_id: ids.inspector });
    const created = Date.now() - 30 * hour;
    await ctx.db
      .update(tickets)
      .set({
        createdAt: new Date(created),
        firstResponseAt: new Date(created + 6 * hour),
        resolvedAt: new Date(created + 24 * hour),
        state: 'finalizada',
      })
      .where(eq(tickets.id, t.id));
    await ctx.db.insert(ticketPauses).values([
      {
        companyId: ctx.seed.companyId,
        ticketId: t.id,
        reason: 'espera_propietario',
        startedAt: new Date(created + 1 * hour),
        endedAt: new Date(created + 3 * hour),
      },
      {
        companyId: ctx.seed.companyId,
        ticketId: t.id,
        reason: 'postergada',
        startedAt: new Date(created + 2 * hour),
        endedAt: new Date(created + 10 * hour),
      },
    ]);
    const res = await ctx.request('GET', `postventa/dashboard/eficiencia?responsible_id=${ids.inspector}`, {
      cookie: supervisor,
    });
    const row = res.json.data.by_responsible.find((r: any) => r.responsible?.id === ids.inspector);
    // Pauses 1–3 h and 2–10 h overlap: together 1–10 h, counted once.
    // Response: 6 h minus the 5 h of pause before it (1–6 h) = 1 h.
    expect(row.response).toEqual({ count: 1, avg_hours: 1, median_hours: 1 });
    // Resolution: 24 h minus 9 h paused (1–10 h) = 15 h.
    expect(row.resolution).toEqual({ count: 1, avg_hours: 15, median_hours: 15 });
    expect(res.json.data.by_project[0]).toMatchObject({ project: { id: ids.projectId }, response: { count: 1 } });
  });
});

describe('estadisticas (docs/product.md#dashboards)', () => {
  it('failures by place, item and severity, and recurrence by unit type', async () => {
    const res = await ctx.request('GET', 'postventa/estadisticas', { cookie: supervisor });
    expect(res.status).toBe(200);
    const [total] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(failures)
      .where(inArray(failures.projectId, ctx.seed.projectIds));
    const sum = (list: { n: number }[]) => list.reduce((a, b) => a + b.n, 0);
    expect(sum(res.json.data.by_severity)).toBe(total.n);
    expect(sum(res.json.data.by_place)).toBe(total.n);
    expect(res.json.data.by_item[0]).toHaveProperty('category');
    const types = res.json.data.recurrence_by_unit_type;
    expect(types.reduce((a: number, r: any) => a + r.failures, 0)).toBe(total.n);
    expect(types[0].unit_type.name).toMatch(/^(Departamento|Penthouse)/);
    expect(types[0].failures_per_unit).toBeGreaterThan(0);
    const past = await ctx.request(
      'GET',
      'postventa/estadisticas?date_preset=custom&date_from=2020-01-01&date_to=2020-02-01',
      { cookie: supervisor },
    );
    expect(past.json.data.by_severity).toEqual([]);
  });
});

describe('stored figures the dashboards read (docs/decisions.md D-290)', () => {
  /** A ticket's stored figures beside the per-request arithmetic eficiencia ran before them. */
  const figures = async (id: number) => {
    const [row] = await ctx.db
      .select({
        response: tickets.responseSeconds,
        resolution: tickets.resolutionSeconds,
        liveResponse: sql<
          number | null
        >`(extract(epoch from (${tickets.firstResponseAt} - ${tickets.createdAt})) - ${pausedSeconds(sql`tickets.first_response_at`)})::float8`,
        liveResolution: sql<
          number | null
        >`(extract(epoch from (${tickets.resolvedAt} - ${tickets.createdAt})) - ${pausedSeconds(sql`tickets.resolved_at`)})::float8`,
      })
      .from(tickets)
      .where(eq(tickets.id, id));
    return row;
  };
  const expectLive = (row: Awaited<ReturnType<typeof figures>>) => {
    expect(row.response).toBe(row.liveResponse === null ? null : Number(row.liveResponse));
    expect(row.resolution).toBe(row.liveResolution === null ? null : Number(row.liveResolution));
  };

  it('response and resolution seconds follow the first answer, pauses, resolving and reopening', async () => {
    const admin = await ctx.login('admin');
    const t = await newTicket(ctx, agent, ids, { responsible_id: ids.supervisor });
    await age(t.id, 30);
    expect(await figures(t.id)).toMatchObject({ response: null, resolution: null });
    // Postponed and resumed through the commands, then the pause set to 30–20 h ago (before the answer).
    await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent });
    await ctx.request('POST', `postventa/solicitudes/${t.id}/reanudar`, { cookie: agent });
    const pauses = await ctx.db.select().from(ticketPauses).where(eq(ticketPauses.ticketId, t.id));
    expect(pauses).toHaveLength(1);
    await ctx.db
      .update(ticketPauses)
      .set({ startedAt: new Date(Date.now() - 29 * hour), endedAt: new Date(Date.now() - 20 * hour) })
      .where(eq(ticketPauses.id, pauses[0].id));
    expect(await figures(t.id)).toMatchObject({ response: null, resolution: null });
    // The first public answer of staff stores the response figure: 30 h minus the 9 h paused.
    const pub = await ctx.request('POST', `postventa/solicitudes/${t.id}/mensajes`, {
      cookie: agent,
      body: { body: 'Coordinaremos una visita', visibility: 'public' },
    });
    expect(pub.status).toBe(201);
    let row = await figures(t.id);
    expectLive(row);
    expect(row.response! / 3600).toBeCloseTo(21, 2);
    expect(row.resolution).toBeNull();
    // Postponed again while answered: an open pause after the answer moves nothing of the response.
    await ctx.request('POST', `postventa/solicitudes/${t.id}/postergar`, { cookie: agent });
    row = await figures(t.id);
    expectLive(row);
    expect(row.response! / 3600).toBeCloseTo(21, 2);
    await ctx.request('POST', `postventa/solicitudes/${t.id}/reanudar`, { cookie: agent });
    // Closing stores the resolution figure; the dashboard shows it.
    const closed = await ctx.request('POST', `postventa/solicitudes/${t.id}/cerrar`, {
      cookie: admin,
      body: { justification: 'Se reparó en visita' },
    });
    expect(closed.json.data.state).toBe('finalizada');
    row = await figures(t.id);
    expectLive(row);
    expect(row.resolution! / 3600).toBeCloseTo(21, 2);
    const board = await ctx.request('GET', `postventa/dashboard/eficiencia?search=${encodeURIComponent(t.code)}`, {
      cookie: supervisor,
    });
    const lane = board.json.data.by_responsible.find((r: any) => r.responsible?.id === ids.supervisor);
    expect(lane.resolution).toEqual({ count: 1, avg_hours: 21, median_hours: 21 });
    // A pause removed afterwards counts no more; reopening clears the resolution figure.
    await ctx.db.delete(ticketPauses).where(eq(ticketPauses.id, pauses[0].id));
    row = await figures(t.id);
    expectLive(row);
    expect(row.resolution! / 3600).toBeCloseTo(30, 2);
    const re = await ctx.request('POST', `postventa/solicitudes/${t.id}/reabrir`, { cookie: admin });
    expect(re.json.data.state).toBe('abierta');
    row = await figures(t.id);
    expectLive(row);
    expect(row.resolution).toBeNull();
    expect(row.response! / 3600).toBeCloseTo(30, 2);
  });

  it('failure_stats holds the failures counted per unit and names through inserts, edits and deletes', async () => {
    const keys = [
      failures.companyId,
      failures.projectId,
      failures.unitId,
      failures.placeName,
      failures.itemName,
      failures.category,
      failures.detailName,
      failures.severity,
    ] as const;
    const counted = async () =>
      ctx.db
        .select({
          c: failures.companyId,
          p: failures.projectId,
          u: failures.unitId,
          pl: failures.placeName,
          i: failures.itemName,
          ca: failures.category,
          d: failures.detailName,
          s: failures.severity,
          n: sql<number>`count(*)::int`,
        })
        .from(failures)
        .groupBy(...keys)
        .orderBy(...keys);
    const stored = async () =>
      ctx.db
        .select({
          c: failureStats.companyId,
          p: failureStats.projectId,
          u: failureStats.unitId,
          pl: failureStats.placeName,
          i: failureStats.itemName,
          ca: failureStats.category,
          d: failureStats.detailName,
          s: failureStats.severity,
          n: failureStats.n,
        })
        .from(failureStats)
        .orderBy(
          failureStats.companyId,
          failureStats.projectId,
          failureStats.unitId,
          failureStats.placeName,
          failureStats.itemName,
          failureStats.category,
          failureStats.detailName,
          failureStats.severity,
        );
    expect((await stored()).length).toBeGreaterThan(0);
    expect(await stored()).toEqual(await counted());
    const [model] = await ctx.db.select().from(failures).where(eq(failures.companyId, ctx.seed.companyId)).limit(1);
    const { id: _id, ...copy } = model;
    const added = await ctx.db
      .insert(failures)
      .values([
        { ...copy, detailName: 'Detalle D-290' },
        { ...copy, detailName: 'Detalle D-290' },
        { ...copy, detailName: 'Otro detalle D-290' },
      ])
      .returning({ id: failures.id });
    expect(await stored()).toEqual(await counted());
    await ctx.db.update(failures).set({ detailName: 'Otro detalle D-290' }).where(eq(failures.id, added[0].id));
    await ctx.db.update(failures).set({ state: 'falla' }).where(eq(failures.id, added[1].id));
    expect(await stored()).toEqual(await counted());
    await ctx.db.delete(failures).where(
      inArray(
        failures.id,
        added.map((a) => a.id),
      ),
    );
    expect(await stored()).toEqual(await counted());
    expect((await stored()).some((r) => r.d.endsWith('D-290'))).toBe(false);
    // The all-time figures (failure_stats) and a range holding every failure (failures grouped) agree.
    const all = await ctx.request('GET', 'postventa/estadisticas', { cookie: supervisor });
    const range = await ctx.request(
      'GET',
      'postventa/estadisticas?date_preset=custom&date_from=2000-01-01&date_to=2100-01-01',
      { cookie: supervisor },
    );
    expect(range.json.data).toEqual(all.json.data);
  });
});

describe('project configuration, post-sale part (docs/product.md §3 Project configuration, §5 message ≤ 1000)', () => {
  it('reads defaults, saves and validates in es and pt-BR; only configurators may save', async () => {
    const admin = await ctx.login('admin');
    const pid = ctx.seed.projectIds[2];
    const before = await ctx.request('GET', `postventa/proyectos/${pid}/configuracion`, { cookie: supervisor });
    expect(before.json.data).toMatchObject({
      project_id: pid,
      owner_confirmation_limit_hours: 24,
      municipal_reception_date: '2024-11-20',
    });
    const tooLong = await ctx.request('PUT', `postventa/proyectos/${pid}/configuracion`, {
      cookie: admin,
      body: { notification_message: 'a'.repeat(1001) },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.fields.notification_message).toBe('Debe tener como máximo 1000 caracteres');
    const pt = await ctx.request('PUT', `postventa/proyectos/${pid}/configuracion`, {
      cookie: admin,
      headers: { 'Accept-Language': 'pt-BR' },
      body: { iframe: { enabled: true, allowed_origins: ['nota-url'] } },
    });
    expect(pt.json.fields['iframe.allowed_origins.0']).toBe('Informe uma URL válida');
    const saved = await ctx.request('PUT', `postventa/proyectos/${pid}/configuracion`, {
      cookie: admin,
      body: {
        response_time_hours: 36,
        owner_confirmation_limit_hours: 48,
        legal_representative: 'Andrea Pino',
        iframe: { enabled: true, allowed_origins: ['https://www.ejemplo.cl'] },
      },
    });
    expect(saved.json.data).toMatchObject({
      response_time_hours: 36,
      owner_confirmation_limit_hours: 48,
      legal_representative: 'Andrea Pino',
      iframe: { enabled: true, allowed_origins: ['https://www.ejemplo.cl'] },
    });
    expect(
      (
        await ctx.request('PUT', `postventa/proyectos/${pid}/configuracion`, {
          cookie: agent,
          body: { response_time_hours: 1 },
        })
      ).status,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { unitOwners, units } from '../../../db/schema/index.ts';
import { demoIds, newTicket, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let agent: string;
// The agent sees the demo projects 0, 1 and 2 (seed-data.ts roleProjects), not 3 nor 4.
let p0: number;
let p1: number;
let unseen: number;
const visits: Record<number, number> = {};

const slot = (days: number, hourUtc = 13) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};
const day = (iso: string) => iso.slice(0, 10);
const start = slot(4);
const range = `from=${day(slot(3))}&to=${day(slot(5))}`;

async function visitIn(unitId: number, ownerId: number) {
  const ticket = await newTicket(ctx, agent, ids, {
    unit_id: unitId,
    applicant_owner_id: ownerId,
    state: 'en_proceso',
  });
  const tree = (await ctx.request('GET', `postventa/catalogo/unidad/${unitId}`, { cookie: agent })).json.data;
  const type = tree.areas.flatMap((a: any) => a.places.flatMap((p: any) => p.items.flatMap((i: any) => i.failures)))[0];
  const failure = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/fallas`, {
    cookie: agent,
    body: { failure_type_id: type.id },
  });
  const res = await ctx.request('POST', `postventa/solicitudes/${ticket.id}/oi`, {
    cookie: agent,
    body: { responsible_id: ids.agente, failure_ids: [failure.json.data.id], start_at: start, duration_minutes: 60 },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.json.data.id as number;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  agent = await ctx.login('agente');
  [p0, p1] = ctx.seed.projectIds;
  unseen = ctx.seed.projectIds[3];
  const [other] = await ctx.db
    .select({ unitId: unitOwners.unitId, ownerId: unitOwners.ownerId })
    .from(unitOwners)
    .innerJoin(units, eq(units.id, unitOwners.unitId))
    .where(eq(units.projectId, p1))
    .limit(1);
  visits[p0] = await visitIn(ids.unitId, ids.ownerId);
  visits[p1] = await visitIn(other.unitId, other.ownerId);
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const agenda = (query: string) => ctx.request('GET', `postventa/agenda?${range}${query}`, { cookie: agent });
const orderIds = (res: { json: any }) => res.json.data.map((e: any) => e.id as number);

describe('the agenda and the lists across the projects a user sees', () => {
  it('the agenda shows every visible project by default, or the few chosen', async () => {
    expect(ids.projectId).toBe(p0);
    const all = await agenda('');
    expect(all.status).toBe(200);
    expect(orderIds(all)).toEqual(expect.arrayContaining([visits[p0], visits[p1]]));
    const both = await agenda(`&project_id=${p0},${p1}`);
    expect(orderIds(both)).toEqual(expect.arrayContaining([visits[p0], visits[p1]]));
    const one = await agenda(`&project_id=${p1}`);
    expect(orderIds(one)).toContain(visits[p1]);
    expect(orderIds(one)).not.toContain(visits[p0]);
    expect(one.json.data.every((e: any) => e.project.id === p1)).toBe(true);
  });

  it('a visit names its owner (the ticket applicant) for the preview', async () => {
    const row = (await agenda(`&project_id=${p0}`)).json.data.find((e: any) => e.id === visits[p0]);
    expect(row.owner).toMatchObject({ id: ids.ownerId });
    expect(row.owner.name.length).toBeGreaterThan(0);
  });

  it('a project the user may not see is a 404, alone or beside their own, never data', async () => {
    for (const query of [
      `&project_id=${unseen}`,
      `&project_id=${p0},${unseen}`,
      `&project_id=${ctx.seed.otherProjectIds[0]}`,
    ]) {
      const res = await agenda(query);
      expect(res.status, query).toBe(404);
      expect(res.json.data).toBeUndefined();
    }
  });

  it('the tickets list takes several projects, and refuses one the user may not see', async () => {
    const both = await ctx.request('GET', `postventa/solicitudes?project_id=${p0},${p1}&rowsPerPage=500`, {
      cookie: agent,
    });
    expect(both.status).toBe(200);
    const projects = new Set(both.json.data.map((r: any) => r.project.id));
    expect(projects).toEqual(new Set([p0, p1]));
    for (const path of [
      `postventa/solicitudes?project_id=${p0},${unseen}`,
      `postventa/solicitudes/export?format=csv&project_id=${unseen}`,
      `postventa/dashboard/solicitudes?project_id=${unseen}`,
    ]) {
      const res = await ctx.request('GET', path, { cookie: agent });
      expect(res.status, path).toBe(404);
    }
  });
});

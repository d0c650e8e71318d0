import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GLOBAL_SEARCH_LIMIT } from '#domain/search';
import { globalSearchSchema, type GlobalSearch } from '#domain/search-responses';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { owners, tickets, unitOwners, units } from '../../db/schema/index.ts';

/** docs/product.md §9 Global search and shortcuts: GET buscar?q= scoped to company, visible projects and module permissions. */
let ctx: TestContext;
let admin: string;
let agente: string;
let ejecutivo: string;
let otra: string;
let hiddenTicketId: number;
let foreignUnitId: number;
let foreignOwnerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, agente, ejecutivo, otra] = await Promise.all(
    ['admin', 'agente', 'ejecutivo', 'otra'].map((name) => ctx.login(name)),
  );
  // A ticket of project index 3, which 'agente' (projects 0, 1, 2) does not see.
  const [hidden] = await ctx.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.projectId, ctx.seed.projectIds[3]))
    .limit(1);
  hiddenTicketId = hidden.id;
  await ctx.db.update(tickets).set({ subject: 'Humedad en la lavandería' }).where(eq(tickets.id, hidden.id));
  // The second company: a unit and an owner that look like the first company's ones.
  const [foreignUnit] = await ctx.db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.projectId, ctx.seed.otherProjectIds[0]))
    .limit(1);
  foreignUnitId = foreignUnit.id;
  const [foreignOwner] = await ctx.db
    .insert(owners)
    .values({ companyId: ctx.seed.otherCompanyId, name: 'Javiera', lastName: 'Castillo Ajena', rut: '9.876.543-2' })
    .returning();
  foreignOwnerId = foreignOwner.id;
  await ctx.db
    .insert(unitOwners)
    .values({ unitId: foreignUnit.id, ownerId: foreignOwner.id, companyId: ctx.seed.otherCompanyId });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

async function search(cookie: string, q: string): Promise<GlobalSearch> {
  const res = await ctx.request('GET', `buscar?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return globalSearchSchema.parse(res.json.data);
}

describe('GET buscar (docs/product.md §9 Global search and shortcuts)', () => {
  it('finds tickets by code and by subject ignoring case and accents', async () => {
    const [ticket] = await ctx.db
      .select({ id: tickets.id, code: tickets.code })
      .from(tickets)
      .where(eq(tickets.id, hiddenTicketId));
    expect((await search(admin, ticket.code.toLowerCase())).tickets.map((t) => t.id)).toContain(ticket.id);
    const bySubject = await search(admin, 'LAVANDERIA');
    expect(bySubject.tickets.map((t) => t.id)).toEqual([hiddenTicketId]);
    expect(bySubject.tickets[0]).toMatchObject({ subject: 'Humedad en la lavandería', code: ticket.code });
  });

  it('finds units by number and owners by name, last name or RUT, each owner with its unit', async () => {
    const [own] = await ctx.db
      .select({ ownerId: owners.id, unitId: unitOwners.unitId, number: units.number })
      .from(owners)
      .innerJoin(unitOwners, eq(unitOwners.ownerId, owners.id))
      .innerJoin(units, eq(units.id, unitOwners.unitId))
      .where(and(eq(owners.companyId, ctx.seed.companyId), eq(units.projectId, ctx.seed.projectIds[0])))
      .limit(1);
    const byUnit = await search(admin, own.number);
    expect(byUnit.units.some((u) => u.id === own.unitId)).toBe(true);
    expect(byUnit.units.length).toBeLessThanOrEqual(GLOBAL_SEARCH_LIMIT);
    const byName = await search(admin, 'castillo morales');
    expect(byName.owners.length).toBeGreaterThan(0);
    expect(byName.owners.every((o) => /Castillo Morales/.test(o.full_name))).toBe(true);
    expect((await search(admin, 'benjamin')).owners.some((o) => o.full_name.startsWith('Benjamín'))).toBe(true);
    await ctx.db.update(owners).set({ rut: '15.432.876-K' }).where(eq(owners.id, own.ownerId));
    for (const rut of ['15432876', '15.432.876-k', '432.87']) {
      const byRut = await search(admin, rut);
      expect(
        byRut.owners.map((o) => [o.id, o.unit_id]),
        rut,
      ).toContainEqual([own.ownerId, own.unitId]);
      expect(byRut.owners.find((o) => o.id === own.ownerId)?.rut).toBe('15.432.876-K');
    }
  });

  it("never shows another company's records nor a project the caller does not see", async () => {
    const all = [await search(admin, 'castillo'), await search(admin, '10'), await search(admin, '9876543')];
    for (const r of all) {
      expect(r.units.map((u) => u.id)).not.toContain(foreignUnitId);
      expect(r.owners.map((o) => o.id)).not.toContain(foreignOwnerId);
      for (const item of [...r.tickets, ...r.units, ...r.owners])
        expect(ctx.seed.projectIds).toContain(item.project.id);
    }
    const own = await search(otra, '9876543');
    expect(own.owners.map((o) => o.id)).toEqual([foreignOwnerId]);
    expect(own.owners[0].unit_id).toBe(foreignUnitId);
    const agent = await search(agente, 'lavanderia');
    expect(agent.tickets).toEqual([]);
    const agentUnits = await search(agente, '10');
    for (const u of agentUnits.units) expect(ctx.seed.projectIds.slice(0, 3)).toContain(u.project.id);
  });

  it('answers only the kinds of the modules the caller holds', async () => {
    const r = await search(ejecutivo, 'castillo');
    expect(r.tickets).toEqual([]);
    expect(r.owners.length).toBeGreaterThan(0);
    expect((await search(ejecutivo, 'lavanderia')).tickets).toEqual([]);
    const revisor = await ctx.login('revisor');
    expect((await ctx.request('GET', 'buscar?q=castillo', { cookie: revisor })).status).toBe(403);
    expect((await ctx.request('GET', 'buscar?q=castillo')).status).toBe(401);
  });

  it('answers 422 on q for fewer than 2 or more than 100 characters', async () => {
    for (const q of ['', 'a', '  b  ', 'x'.repeat(101)]) {
      const res = await ctx.request('GET', `buscar?q=${encodeURIComponent(q)}`, { cookie: admin });
      expect(res.status, q).toBe(422);
      expect(JSON.stringify(res.json)).toContain('"q"');
    }
    expect((await ctx.request('GET', 'buscar', { cookie: admin })).status).toBe(422);
  });

  it('takes % and _ literally', async () => {
    const r = await search(admin, '%_');
    expect([...r.tickets, ...r.units, ...r.owners]).toEqual([]);
  });
});

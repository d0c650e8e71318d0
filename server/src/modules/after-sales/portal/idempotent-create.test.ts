import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { activityLog, tickets } from '../../../db/schema/index.ts';
import { demoIds, uploadPhoto, type DemoIds } from '../test/fixtures.ts';

// One PGlite boot, migration and seed per file; generous because the machine is shared.
const BOOT_TIMEOUT_MS = 180_000;
let ctx: TestContext;
let ids: DemoIds;
let owner: string;
let otherOwner: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ids = await demoIds(ctx);
  owner = await ctx.login('propietario');
  otherOwner = await ctx.login('propietario2');
}, BOOT_TIMEOUT_MS);
afterAll(async () => {
  await ctx?.close();
});

const draft = (key: string, extra: Record<string, unknown> = {}) => ({
  unit_id: ids.unitId,
  subject: 'Humedad en el baño',
  message: 'Aparece una mancha en el cielo del baño',
  client_key: key,
  ...extra,
});
const ticketsWithKey = (key: string) => ctx.db.select().from(tickets).where(eq(tickets.clientKey, key));

describe('POST portal/solicitudes with a draft key (docs/api.md#owner-portal)', () => {
  it('a retried send answers the ticket the first send made: one ticket, one creation in its history', async () => {
    const key = crypto.randomUUID();
    const photo = await uploadPhoto(ctx, owner);
    const first = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: draft(key, { attachments: [photo] }),
    });
    expect(first.status).toBe(201);
    // The retry carries the same, now attached, photo: it is not checked again, the earlier ticket answers.
    const again = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: draft(key, { attachments: [photo] }),
    });
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(again.json.data.code).toBe(first.json.data.code);
    expect(await ticketsWithKey(key)).toHaveLength(1);
    const created = await ctx.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityType, 'ticket'),
          eq(activityLog.entityId, first.json.data.id),
          eq(activityLog.action, 'ticket.create'),
        ),
      );
    expect(created).toHaveLength(1);
  });

  it('two sends racing with one key still make one ticket', async () => {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      ctx.request('POST', 'postventa/portal/solicitudes', { cookie: owner, body: draft(key) }),
      ctx.request('POST', 'postventa/portal/solicitudes', { cookie: owner, body: draft(key) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.json.data.id).toBe(b.json.data.id);
    expect(await ticketsWithKey(key)).toHaveLength(1);
  });

  it('different keys, or no key, make different tickets', async () => {
    const one = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: draft(crypto.randomUUID()),
    });
    const two = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: draft(crypto.randomUUID()),
    });
    const { client_key: _, ...keyless } = draft('');
    const three = await ctx.request('POST', 'postventa/portal/solicitudes', { cookie: owner, body: keyless });
    expect([one.status, two.status, three.status]).toEqual([201, 201, 201]);
    expect(new Set([one.json.data.id, two.json.data.id, three.json.data.id]).size).toBe(3);
  });

  it("another owner's key never reaches someone else's ticket: a foreign unit is 404", async () => {
    const key = crypto.randomUUID();
    const mine = await ctx.request('POST', 'postventa/portal/solicitudes', { cookie: owner, body: draft(key) });
    expect(mine.status).toBe(201);
    const theirs = await ctx.request('POST', 'postventa/portal/solicitudes', { cookie: otherOwner, body: draft(key) });
    expect(theirs.status).toBe(404);
    expect(await ticketsWithKey(key)).toHaveLength(1);
  });

  it('a key that is not a uuid is a 422 on its field', async () => {
    const res = await ctx.request('POST', 'postventa/portal/solicitudes', {
      cookie: owner,
      body: draft('not-a-key'),
    });
    expect(res.status).toBe(422);
    expect(res.json.fields.client_key).toBeTruthy();
  });
});

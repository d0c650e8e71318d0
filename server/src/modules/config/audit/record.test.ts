import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { recordAudit } from './record.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('recordAudit', () => {
  it('writes who, what, before and after, and never a password', async () => {
    const actor = { companyId: ctx.seed.companyId, userId: null };
    await recordAudit(ctx.db, actor, {
      entity: 'user',
      entityId: 42,
      action: 'updated',
      before: { username: 'ana', password_hash: 'x' },
      after: { username: 'ana.r', password: 'secret', password_confirmation: 'secret' },
    });
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, 42));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: ctx.seed.companyId,
      userId: null,
      entityType: 'user',
      action: 'updated',
      before: { username: 'ana' },
      after: { username: 'ana.r' },
    });
  });

  it('rolls back with the change it belongs to', async () => {
    const actor = { companyId: ctx.seed.companyId, userId: null };
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, actor, { entity: 'position', entityId: 43, action: 'created', after: { name: 'X' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, 43))).toHaveLength(0);
  });
});

import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';

/** A seeded user's id by username (demo seed, server/src/db/seed-data.ts). */
export async function userId(ctx: TestContext, username: string): Promise<number> {
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no seeded user ${username}`);
  return u.id;
}

/** The other company's user (isolation): its id must be a 404 everywhere. */
export async function foreignUserId(ctx: TestContext): Promise<number> {
  const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.companyId, ctx.seed.otherCompanyId));
  return u.id;
}

/** Signs in the seeded users the administration tests use. */
export async function signIn(ctx: TestContext) {
  const [admin, revisor, inspector, otra] = await Promise.all([
    ctx.login('admin'),
    ctx.login('revisor'),
    ctx.login('inspector'),
    ctx.login('otra'),
  ]);
  return { admin, revisor, inspector, otra };
}

import { and, eq } from 'drizzle-orm';
import { usageCounts, usageUserDays, users } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';

/** Empties the usage tables, so a test's figures are only what it wrote (the demo seed writes weeks of use). */
export async function clearUsage(ctx: TestContext) {
  await ctx.db.delete(usageCounts);
  await ctx.db.delete(usageUserDays);
}

/** The id of a demo user by username. */
export async function userId(ctx: TestContext, username: string): Promise<number> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row.id;
}

/** The company's usage counts of one day, smallest key first, without the company. */
export async function countsOf(ctx: TestContext, day: string) {
  return ctx.db
    .select({
      userId: usageCounts.userId,
      projectId: usageCounts.projectId,
      module: usageCounts.module,
      kind: usageCounts.kind,
      name: usageCounts.name,
      count: usageCounts.count,
    })
    .from(usageCounts)
    .where(and(eq(usageCounts.companyId, ctx.seed.companyId), eq(usageCounts.day, day)))
    .orderBy(usageCounts.userId, usageCounts.projectId, usageCounts.kind, usageCounts.name);
}

export async function userDaysOf(ctx: TestContext, day: string) {
  return ctx.db
    .select({ userId: usageUserDays.userId, projectId: usageUserDays.projectId, events: usageUserDays.events })
    .from(usageUserDays)
    .where(and(eq(usageUserDays.companyId, ctx.seed.companyId), eq(usageUserDays.day, day)))
    .orderBy(usageUserDays.userId, usageUserDays.projectId);
}

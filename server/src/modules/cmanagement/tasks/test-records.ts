import { eq } from 'drizzle-orm';
import { cmCategories, cmTickets, profiles, userProjects, users } from '../../../db/schema/index.ts';
import type { TestContext } from '../../../test-support.ts';

/**
 * Tickets for the task tests, written straight to the tables (the ticket routes are tickets/'s): one category per
 * company, numbered from 900,000 so they never meet the routes' own numbering.
 */
export async function insertCmTicket(
  ctx: TestContext,
  at: { companyId: number; projectId: number; state?: typeof cmTickets.$inferInsert.state },
) {
  const [author] = await ctx.db.select().from(users).where(eq(users.companyId, at.companyId)).limit(1);
  let [category] = await ctx.db.select().from(cmCategories).where(eq(cmCategories.companyId, at.companyId)).limit(1);
  category ??= (
    await ctx.db.insert(cmCategories).values({ companyId: at.companyId, name: 'Coordinación' }).returning()
  )[0];
  const number = 900_000 + (await ctx.db.$count(cmTickets));
  const [ticket] = await ctx.db
    .insert(cmTickets)
    .values({
      companyId: at.companyId,
      projectId: at.projectId,
      categoryId: category.id,
      number,
      title: `Ticket ${number}`,
      state: at.state ?? 'abierto',
      createdBy: author.id,
    })
    .returning();
  return ticket;
}

/** A staff account of the demo company with `permissions` that sees only `projectIds`; returns its session cookie. */
export async function staffInProjects(ctx: TestContext, username: string, permissions: string[], projectIds: number[]) {
  const [template] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  const [profile] = await ctx.db
    .insert(profiles)
    .values({ companyId: template.companyId, name: `Prueba ${username}`, permissions })
    .returning();
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: template.companyId,
      username,
      firstName: 'Prueba',
      lastName: username,
      passwordHash: template.passwordHash,
      profileId: profile.id,
    })
    .returning();
  const links = projectIds.map((projectId) => ({ companyId: template.companyId, userId: user.id, projectId }));
  if (links.length) await ctx.db.insert(userProjects).values(links);
  return ctx.login(username);
}

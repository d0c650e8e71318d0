import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { cboxFolders, cboxLinks, cboxShares } from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The library's shares and links a route parameter may stand for (biblioteca/compartir/{id}, biblioteca/enlaces/{id}). */
export type CboxSharingSamples = { cboxShare?: number; cboxLink?: number };

/** `kindOf` for the sharing routes' parameters. */
export const CBOX_SHARING_PARAM_KINDS = { shareId: 'cboxShare', linkId: 'cboxLink' } as const;

/** The first share and link of a company, when it has any (the seed has none). */
export async function cboxSharingSamplesIn(ctx: TestContext, companyId: number): Promise<CboxSharingSamples> {
  const [share] = await ctx.db
    .select({ id: cboxShares.id })
    .from(cboxShares)
    .where(eq(cboxShares.companyId, companyId))
    .orderBy(asc(cboxShares.id))
    .limit(1);
  const [link] = await ctx.db
    .select({ id: cboxLinks.id })
    .from(cboxLinks)
    .where(eq(cboxLinks.companyId, companyId))
    .orderBy(asc(cboxLinks.id))
    .limit(1);
  return { cboxShare: share?.id, cboxLink: link?.id };
}

/**
 * A library folder named `marker`, made by `userId`, shared with them (can-download) and with a share link that
 * works until `expiresAt`, written straight to the tables (its token is thrown away: only its hash is kept).
 */
export async function cboxSharingRecordsIn(
  ctx: TestContext,
  companyId: number,
  userId: number,
  marker: string,
  expiresAt: Date,
): Promise<CboxSharingSamples> {
  const [folder] = await ctx.db.insert(cboxFolders).values({ companyId, name: marker, createdBy: userId }).returning();
  const [share] = await ctx.db
    .insert(cboxShares)
    .values({ companyId, folderId: folder.id, subjectKind: 'user', userId, grantedBy: userId })
    .returning();
  const [link] = await ctx.db
    .insert(cboxLinks)
    .values({
      companyId,
      folderId: folder.id,
      tokenHash: randomBytes(32).toString('hex'),
      label: marker,
      expiresAt,
      createdBy: userId,
    })
    .returning();
  return { cboxShare: share.id, cboxLink: link.id };
}

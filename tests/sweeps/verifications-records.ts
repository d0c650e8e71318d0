import { and, asc, eq } from 'drizzle-orm';
import {
  receptionFollowUps,
  receptionItems,
  receptions,
  receptionTemplates,
} from '../../server/src/db/schema/index.ts';
import type { TestContext } from '../../server/src/test-support.ts';

/** The Verifications / Reception records a route parameter may stand for. */
export type VerificationsSamples = {
  receptionTemplate?: number;
  reception?: number;
  receptionItem?: number;
  followUp?: number;
};

/** `kindOf` for the Verifications routes' parameters (server/src/modules/verifications/ names them so). */
export const VERIFICATIONS_PARAM_KINDS = {
  templateId: 'receptionTemplate',
  receptionId: 'reception',
  itemId: 'receptionItem',
  followUpId: 'followUp',
} as const;

/** The company's first template; the project's first reception, its first checkpoint and follow-up. */
export async function verificationsSamplesIn(
  ctx: TestContext,
  companyId: number,
  projectId?: number,
): Promise<VerificationsSamples> {
  const [template] = await ctx.db
    .select({ id: receptionTemplates.id })
    .from(receptionTemplates)
    .where(eq(receptionTemplates.companyId, companyId))
    .orderBy(asc(receptionTemplates.id))
    .limit(1);
  const [reception] = await ctx.db
    .select({ id: receptions.id })
    .from(receptions)
    .where(
      and(
        eq(receptions.companyId, companyId),
        projectId === undefined ? undefined : eq(receptions.projectId, projectId),
      ),
    )
    .orderBy(asc(receptions.id))
    .limit(1);
  const [item] = reception
    ? await ctx.db
        .select({ id: receptionItems.id })
        .from(receptionItems)
        .where(eq(receptionItems.receptionId, reception.id))
        .orderBy(asc(receptionItems.id))
        .limit(1)
    : [];
  const [followUp] = reception
    ? await ctx.db
        .select({ id: receptionFollowUps.id })
        .from(receptionFollowUps)
        .where(eq(receptionFollowUps.receptionId, reception.id))
        .limit(1)
    : [];
  return { receptionTemplate: template?.id, reception: reception?.id, receptionItem: item?.id, followUp: followUp?.id };
}

/**
 * A template of the company (its first, else one named by `marker`), and an observed reception of the project with one failed checkpoint
 * and its open follow-up, written straight to the tables, so every template, reception, checkpoint and follow-up
 * route reaches one. The reception's rows come first among the project's (lowest id when the seed has none).
 */
export async function verificationsRecordsIn(
  ctx: TestContext,
  at: { companyId: number; projectId: number; marker: string },
): Promise<VerificationsSamples> {
  const { companyId, projectId, marker } = at;
  const db = ctx.db;
  // Templates are the company's, not a project's: a company that has some (the demo's seed) lends its first one, so
  // no template named by the marker shows in its own lists; one without (the other company) gets one named so.
  const lent = (await verificationsSamplesIn(ctx, companyId)).receptionTemplate;
  const template =
    lent !== undefined
      ? { id: lent }
      : (
          await db
            .insert(receptionTemplates)
            .values({
              companyId,
              name: marker,
              workPackage: marker,
              checkpoints: [{ title: marker, guidance: null, evidence: 'ninguna' }],
            })
            .returning()
        )[0];
  const [reception] = await db
    .insert(receptions)
    .values({
      companyId,
      projectId,
      code: `${marker}-${template.id}`.slice(0, 40),
      name: marker,
      workPackage: marker,
      templateId: template.id,
      state: 'observada',
      plannedStart: '2030-01-07',
      plannedEnd: '2030-01-09',
      startedOn: '2030-01-07',
      signedOn: '2030-01-08',
    })
    .returning();
  const [item] = await db
    .insert(receptionItems)
    .values({
      companyId,
      receptionId: reception.id,
      position: 0,
      title: marker,
      evidence: 'ninguna',
      result: 'no_cumple',
      note: marker,
      dueOn: '2030-01-15',
    })
    .returning();
  const [followUp] = await db
    .insert(receptionFollowUps)
    .values({ companyId, projectId, receptionId: reception.id, itemId: item.id, dueOn: '2030-01-15' })
    .returning();
  return { receptionTemplate: template.id, reception: reception.id, receptionItem: item.id, followUp: followUp.id };
}

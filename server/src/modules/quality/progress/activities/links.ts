import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityLink } from '#domain/quality-responses';
import type { activityLinkCreateSchema } from '#domain/schemas/quality';
import { rowsOf } from '../../../../db/client.ts';
import { qualityActivityLinks } from '../../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../../http/context.ts';
import { transactionWithEvents } from '../../../../events/outbox.ts';
import { isUniqueViolation, notFound, unprocessable } from '../../../../lib/errors.ts';
import { loadActivity } from '../shared/scope.ts';
import { linkRow } from '../shared/rows.ts';
import { writeHistory } from '../shared/history.ts';
import { emitActivitiesChanged } from '../shared/events.ts';

/**
 * Dependencies between activities (the Gantt's links, docs/api.md POST/DELETE calidad/dependencias): both ends
 * visible (a foreign one is a 404) and of one project, never an activity on itself, never twice, and a
 * finish-to-start link never closes a cycle of finish-to-start links (422, on target_id).
 */
type LinkInput = z.infer<typeof activityLinkCreateSchema>;

const refuse = (key: string) => unprocessable([{ field: 'target_id', key }]);

export async function createLink(deps: AppDeps, user: SessionUser, body: LinkInput): Promise<ActivityLink> {
  return transactionWithEvents(deps, async (tx) => {
    const source = await loadActivity(tx, user, body.source_id);
    const target = await loadActivity(tx, user, body.target_id);
    if (source.id === target.id) throw refuse('quality.errors.link_self');
    if (source.projectId !== target.projectId) throw refuse('quality.errors.link_other_project');
    const type = body.type ?? 'fs';
    const [existing] = await tx
      .select({ id: qualityActivityLinks.id })
      .from(qualityActivityLinks)
      .where(and(eq(qualityActivityLinks.sourceId, source.id), eq(qualityActivityLinks.targetId, target.id)));
    if (existing) throw refuse('quality.errors.link_duplicate');
    if (type === 'fs') {
      // A cycle: the source is already reached by following finish-to-start links out of the target.
      const reach = await tx.execute(sql`with recursive after(id) as (
          select target_id from quality_activity_links where source_id = ${target.id} and type = 'fs'
          union select l.target_id from quality_activity_links l join after on l.source_id = after.id
            where l.type = 'fs')
        select 1 as hit from after where id = ${source.id} limit 1`);
      if (rowsOf(reach).length) throw refuse('quality.errors.link_cycle');
    }
    const [link] = await tx
      .insert(qualityActivityLinks)
      .values({
        companyId: user.companyId,
        projectId: source.projectId,
        sourceId: source.id,
        targetId: target.id,
        type,
      })
      .returning()
      .catch((e: unknown) => {
        if (isUniqueViolation(e, 'quality_activity_links_uq')) throw refuse('quality.errors.link_duplicate');
        throw e;
      });
    const described = `${source.code ?? source.id} → ${target.code ?? target.id} (${type})`;
    await writeHistory(tx, { companyId: user.companyId, userId: user.id }, [
      { activityId: source.id, kind: 'linked', changes: { link: [null, described] } },
      { activityId: target.id, kind: 'linked', changes: { link: [null, described] } },
    ]);
    const row = linkRow(link);
    await emitActivitiesChanged(tx, {
      companyId: user.companyId,
      projectId: source.projectId,
      actorId: user.id,
      links: [row],
    });
    return row;
  });
}

/** DELETE dependencias/{id}: a link is the caller's when its project is. */
export async function deleteLink(deps: AppDeps, user: SessionUser, linkId: number): Promise<number> {
  return transactionWithEvents(deps, async (tx) => {
    if (!Number.isSafeInteger(linkId) || linkId <= 0) throw notFound();
    const [link] = await tx
      .select()
      .from(qualityActivityLinks)
      .where(
        and(
          eq(qualityActivityLinks.id, linkId),
          eq(qualityActivityLinks.companyId, user.companyId),
          inArray(qualityActivityLinks.projectId, user.projectIds.length ? [...user.projectIds] : [-1]),
        ),
      );
    if (!link) throw notFound();
    const source = await loadActivity(tx, user, link.sourceId);
    const target = await loadActivity(tx, user, link.targetId);
    await tx.delete(qualityActivityLinks).where(eq(qualityActivityLinks.id, link.id));
    const described = `${source.code ?? source.id} → ${target.code ?? target.id} (${link.type})`;
    await writeHistory(tx, { companyId: user.companyId, userId: user.id }, [
      { activityId: source.id, kind: 'unlinked', changes: { link: [described, null] } },
      { activityId: target.id, kind: 'unlinked', changes: { link: [described, null] } },
    ]);
    await emitActivitiesChanged(tx, {
      companyId: user.companyId,
      projectId: link.projectId,
      actorId: user.id,
      deletedLinkIds: [link.id],
    });
    return link.id;
  });
}

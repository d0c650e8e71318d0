import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { cmTaskLinkSchema } from '#domain/schemas/cmanagement';
import { rowsOf, type Tx } from '../../../db/client.ts';
import { cmTaskLinks } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { ApiError, isUniqueViolation, notFound } from '../../../lib/errors.ts';
import { loadCmTask } from '../shared/scope.ts';
import { emitTaskEvent } from './events.ts';

/**
 * Dependencies between tasks (the Gantt's links, docs/api.md POST/DELETE cmanagement/enlaces): both ends visible
 * to the caller (a foreign one is a 404), never a task on itself, never twice, never closing a cycle.
 */
type LinkBody = z.infer<typeof cmTaskLinkSchema>;

type End = Awaited<ReturnType<typeof loadCmTask>>;

/** The link's event on the source's ticket, and on the target's when it is another ticket, so both Gantts follow. */
async function emitLinkEvents(
  tx: Tx,
  type: 'cm_task.linked' | 'cm_task.unlinked',
  user: SessionUser,
  linkId: number,
  source: End,
  target: End,
) {
  const data = { link_id: linkId, source_id: source.task.id, target_id: target.task.id };
  for (const end of source.ticket.id === target.ticket.id ? [source] : [source, target])
    await emitTaskEvent(tx, end.ticket, type, { taskId: end.task.id, taskName: end.task.name, actorId: user.id, data });
}

const refuse = (key: string, params?: Record<string, string>) => new ApiError(422, key, params);

export async function createLink(deps: AppDeps, user: SessionUser, body: LinkBody) {
  if (body.source_id === body.target_id) throw refuse('cmanagement.tasks.errors.link_self');
  return transactionWithEvents(deps, async (tx) => {
    const source = await loadCmTask(tx, user, body.source_id, true);
    const target = await loadCmTask(tx, user, body.target_id, true);
    const [existing] = await tx
      .select({ id: cmTaskLinks.id })
      .from(cmTaskLinks)
      .where(and(eq(cmTaskLinks.sourceId, source.task.id), eq(cmTaskLinks.targetId, target.task.id)));
    if (existing) throw refuse('cmanagement.tasks.errors.link_duplicate');
    // A cycle: the source is already reached by following links out of the target.
    const reach = await tx.execute(sql`with recursive after(id) as (
        select target_id from cm_task_links where source_id = ${target.task.id}
        union select l.target_id from cm_task_links l join after on l.source_id = after.id)
      select 1 as hit from after where id = ${source.task.id} limit 1`);
    if (rowsOf(reach).length)
      throw refuse('cmanagement.tasks.errors.link_cycle', { source: source.task.name, target: target.task.name });
    const [link] = await tx
      .insert(cmTaskLinks)
      .values({ companyId: user.companyId, sourceId: source.task.id, targetId: target.task.id, type: body.type })
      .returning()
      .catch((e: unknown) => {
        if (isUniqueViolation(e, 'cm_task_links_uq')) throw refuse('cmanagement.tasks.errors.link_duplicate');
        throw e;
      });
    await emitLinkEvents(tx, 'cm_task.linked', user, link.id, source, target);
    return link;
  });
}

/** DELETE enlaces/{id}: a link is the caller's when both its tasks are. */
export async function deleteLink(deps: AppDeps, user: SessionUser, linkId: number) {
  return transactionWithEvents(deps, async (tx) => {
    const [link] = await tx
      .select()
      .from(cmTaskLinks)
      .where(and(eq(cmTaskLinks.id, linkId), eq(cmTaskLinks.companyId, user.companyId)));
    if (!link) throw notFound();
    const source = await loadCmTask(tx, user, link.sourceId);
    const target = await loadCmTask(tx, user, link.targetId);
    await tx.delete(cmTaskLinks).where(eq(cmTaskLinks.id, link.id));
    await emitLinkEvents(tx, 'cm_task.unlinked', user, link.id, source, target);
    return link.id;
  });
}

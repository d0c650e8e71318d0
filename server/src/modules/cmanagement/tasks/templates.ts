import { asc, and, eq } from 'drizzle-orm';
import { addDays } from '#domain/working-days';
import type { Tx } from '../../../db/client.ts';
import { cmTaskTemplates, cmTasks } from '../../../db/schema/index.ts';
import type { CmTicket } from '../shared/scope.ts';

/**
 * config/cmanagement tasks: copies the category's task plan onto a new ticket, in the ticket's transaction. Each
 * template starts `start_offset_days` after the ticket's start date (its creation day when it has none) and lasts
 * `duration_days`; subtasks keep their parent, clamped inside the parent's dates (docs/product.md §5).
 */
export async function applyTaskTemplates(tx: Tx, ticket: CmTicket, today: string): Promise<number> {
  const templates = await tx
    .select()
    .from(cmTaskTemplates)
    .where(and(eq(cmTaskTemplates.companyId, ticket.companyId), eq(cmTaskTemplates.categoryId, ticket.categoryId)))
    .orderBy(asc(cmTaskTemplates.position), asc(cmTaskTemplates.id));
  const base = ticket.startDate ?? today;
  const made = new Map<number, { id: number; start: string; end: string }>();
  let position = 0;
  // Parents before their subtasks: a template's parent is always an earlier one (ids grow), so one pass per depth.
  for (let pending = templates; pending.length;) {
    const ready = pending.filter((t) => t.parentId === null || made.has(t.parentId));
    if (!ready.length) break;
    for (const t of ready) {
      const parent = t.parentId === null ? undefined : made.get(t.parentId);
      let start = addDays(base, t.startOffsetDays);
      let end = addDays(start, t.durationDays - 1);
      if (parent) {
        if (start < parent.start) start = parent.start;
        if (start > parent.end) start = parent.end;
        if (end > parent.end) end = parent.end;
        if (end < start) end = start;
      }
      const [row] = await tx
        .insert(cmTasks)
        .values({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          parentId: parent?.id ?? null,
          name: t.name,
          startDate: start,
          endDate: end,
          position: position++,
        })
        .returning({ id: cmTasks.id });
      made.set(t.id, { id: row.id, start, end });
    }
    pending = pending.filter((t) => !ready.includes(t));
  }
  return made.size;
}

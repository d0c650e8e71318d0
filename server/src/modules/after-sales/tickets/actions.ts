import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { can } from '#domain/permissions';
import { bulkActionPermission, TICKET_CLOSED_STATES } from '#domain/tickets';
import type { bulkSchema } from '#domain/schemas/after-sales';
import { canSend } from '#machines/engine';
import { ticketMachine } from '#machines/ticket';
import { tickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { loadTicket, ticketScope } from '../shared/scope.ts';
import { ticketCommand } from './commands.ts';
import { updateTicket } from './service.ts';

/** Tickets the merge dialog offers: the same unit, not this one, not already merged (docs/product.md §4). */
export async function mergeCandidates(deps: AppDeps, user: SessionUser, ticketId: number) {
  const db = deps.database.db;
  const ticket = await loadTicket(db, user, ticketId);
  const rows = await db
    .select()
    .from(tickets)
    .where(
      and(
        ticketScope(user),
        eq(tickets.unitId, ticket.unitId),
        ne(tickets.id, ticket.id),
        ne(tickets.state, 'fusionada'),
      ),
    )
    .orderBy(tickets.createdAt);
  return rows
    .filter((r) =>
      canSend(
        ticketMachine,
        { value: r.state, context: { previousState: r.previousState } },
        { type: 'ticket.merge', intoTicketId: ticket.id },
      ),
    )
    .map((r) => ({
      id: r.id,
      code: r.code,
      subject: r.subject,
      state: r.state,
      created_at: r.createdAt.toISOString(),
    }));
}

/**
 * Merge (docs/product.md §4): each listed ticket of the same unit ends 'fusionada' and its messages,
 * failures, orders and ACs move to the surviving one. All are checked before any is merged.
 */
export async function mergeTickets(deps: AppDeps, user: SessionUser, survivorId: number, ids: number[], t: Translate) {
  const db = deps.database.db;
  const survivor = await loadTicket(db, user, survivorId);
  if ((TICKET_CLOSED_STATES as readonly string[]).includes(survivor.state))
    throw new ApiError(409, 'after_sales.errors.merge_target_closed', {
      state: t(`after_sales.states.${survivor.state}`),
    });
  const unique = [...new Set(ids)].filter((id) => id !== survivorId);
  if (!unique.length)
    throw new ApiError(422, 'errors.validation', undefined, [{ field: 'ticket_ids', key: 'validation.required' }]);
  const others = await db
    .select()
    .from(tickets)
    .where(and(ticketScope(user), inArray(tickets.id, unique)));
  if (others.length !== unique.length) throw notFound();
  if (others.some((o) => o.unitId !== survivor.unitId)) {
    throw new ApiError(422, 'errors.validation', undefined, [
      { field: 'ticket_ids', key: 'after_sales.errors.merge_other_unit' },
    ]);
  }
  for (const o of unique) await ticketCommand(deps, user, o, { type: 'ticket.merge', intoTicketId: survivorId }, t);
  return loadTicket(db, user, survivorId);
}

/**
 * Bulk actions on at most 50 tickets (docs/product.md §5/§9; the schema answers 422 beyond). Each ticket goes
 * through the same command as one by one; those refused are reported as warnings (docs/product.md §8 dialog).
 * The action's permission (domain/tickets.ts, the same as one by one) is a 403 before any ticket.
 */
export async function bulkAction(deps: AppDeps, user: SessionUser, input: z.output<typeof bulkSchema>, t: Translate) {
  if (!can(user.permissions, bulkActionPermission(input.action))) throw new ApiError(403, 'errors.no_permission');
  const done: number[] = [];
  const warnings: string[] = [];
  for (const id of [...new Set(input.ids)]) {
    try {
      switch (input.action) {
        case 'assign':
          await updateTicket(deps, user, id, { responsible_id: input.responsible_id }, t);
          break;
        case 'priority':
          await updateTicket(deps, user, id, { priority: input.priority }, t);
          break;
        case 'postpone':
          await ticketCommand(deps, user, id, { type: 'ticket.postpone' }, t);
          break;
        case 'unpostpone':
          await ticketCommand(deps, user, id, { type: 'ticket.unpostpone' }, t);
          break;
        case 'close':
          await ticketCommand(deps, user, id, { type: 'ticket.close', justification: input.justification ?? '' }, t);
          break;
        case 'reopen':
          await ticketCommand(deps, user, id, { type: 'ticket.reopen' }, t);
          break;
      }
      done.push(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const code = await codeOf(deps, user, id);
      warnings.push(`${code}: ${t(error.key, error.params)}`);
    }
  }
  return { done, warnings };
}

async function codeOf(deps: AppDeps, user: SessionUser, id: number) {
  const [row] = await deps.database.db
    .select({ code: tickets.code })
    .from(tickets)
    .where(and(ticketScope(user), eq(tickets.id, id)));
  return row?.code ?? `#${id}`;
}

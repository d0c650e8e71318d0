import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { messageSchema } from '#domain/schemas/after-sales';
import { ticketMessages, tickets } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError } from '../../../lib/errors.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { canMessageOwner } from '../shared/people.ts';
import { checkAttachments, linkAttachments } from '../shared/records.ts';
import { emitTicketEvent } from '../shared/events.ts';
import type { Ticket } from '../shared/scope.ts';
import { ticketCommand } from './commands.ts';

type MessageInput = z.output<typeof messageSchema>;

/**
 * A message on the ticket (docs/product.md §3 Ticket messages, public or private). Public staff messages reach
 * the owner, so they need postventa_mensaje_propietario unless the author is an agent (docs/product.md §6).
 * The first public staff answer stops the response clock and opens a new ticket (N → A).
 */
export async function postMessage(deps: AppDeps, user: SessionUser, ticket: Ticket, input: MessageInput, t: Translate) {
  const isOwner = user.kind === 'owner';
  const visibility = isOwner ? 'public' : input.visibility;
  if (!isOwner && visibility === 'public' && !canMessageOwner(user))
    throw new ApiError(403, 'after_sales.errors.no_owner_message_permission');
  const attachments = await checkAttachments(deps, user, input.attachments);
  const isFirstResponse = !isOwner && visibility === 'public' && !ticket.firstResponseAt;
  const message = await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .insert(ticketMessages)
      .values({
        companyId: user.companyId,
        ticketId: ticket.id,
        authorId: user.id,
        visibility,
        body: input.body,
        attachments,
      })
      .returning();
    const [updated] = await tx
      .update(tickets)
      .set({ updatedAt: row.createdAt, ...(isFirstResponse ? { firstResponseAt: row.createdAt } : {}) })
      .where(eq(tickets.id, ticket.id))
      .returning();
    // The body stays out of the event: realtime rooms may hold people a private note is not for.
    await emitTicketEvent(tx, updated, 'ticket.message', {
      actorId: user.id,
      action: 'ticket.message',
      activity: false,
      toOwner: visibility === 'public' && !isOwner,
      data: { messageId: row.id, visibility, fromOwner: isOwner },
    });
    return row;
  });
  await linkAttachments(deps, user.companyId, ticket.id, attachments, visibility);
  if (isFirstResponse && ticket.state === 'nueva')
    await ticketCommand(deps, user, ticket.id, { type: 'ticket.open' }, t);
  return message;
}

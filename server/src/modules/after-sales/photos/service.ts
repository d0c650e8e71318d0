import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { extensionOf, hasThumbnail } from '#domain/files';
import type { markedCopySchema } from '#domain/schemas/after-sales';
import type { DbOrTx } from '../../../db/client.ts';
import { acs, failures, orderFailures, ticketMessages, tickets, type Attachment } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { freshImage, recordMarkedCopy } from '../../files/service.ts';
import { canMessageOwner } from '../shared/people.ts';
import { emitTicketEvent } from '../shared/events.ts';
import { linkAttachments } from '../shared/records.ts';
import type { Ticket } from '../shared/scope.ts';

export type MarkedCopyInput = z.output<typeof markedCopySchema>;

/**
 * A record of a ticket that holds photos (a message, a failure, a visit's result, an AC): how to read
 * its list locked for the change and write it back. `read` answers undefined when the record is not the
 * ticket's (a 404).
 */
export type PhotoRecord = {
  kind: 'message' | 'failure' | 'result' | 'ac';
  ids: Record<string, number>;
  /** Its photos, and who sees them: a private message's are staff-only ('ticket_private'), the rest reach the owner. */
  read(tx: DbOrTx): Promise<{ attachments: Attachment[]; visibility: 'public' | 'private' } | undefined>;
  write(tx: DbOrTx, list: Attachment[]): Promise<void>;
};

const invalid = (field: string, key: string) => new ApiError(422, 'errors.validation', undefined, [{ field, key }]);

/** The list with `copy` right after `source`, so the gallery shows the marked copy beside its original. */
export function besideOriginal(list: readonly Attachment[], source: string, copy: Attachment): Attachment[] {
  const at = list.findIndex((a) => a.path === source);
  return at < 0 ? [...list, copy] : [...list.slice(0, at + 1), copy, ...list.slice(at + 1)];
}

/**
 * docs/product.md §2 image viewer, "Marcar": the caller uploaded a marked copy of one of the record's photos
 * (POST files/upload-url, context image); it joins the record beside the original, which is never
 * changed, and files.marked_from_id remembers which image it was drawn on. The route's permission is the
 * one that adds photos to that record. Answers the record's new list.
 */
export async function addMarkedCopy(
  deps: AppDeps,
  user: SessionUser,
  ticket: Ticket,
  record: PhotoRecord,
  input: MarkedCopyInput,
): Promise<Attachment[]> {
  const copy = await freshImage(deps, user, input.path);
  if (!copy) throw invalid('path', 'after_sales.errors.invalid_marked_copy');
  const attachment: Attachment = { path: copy.path, name: copy.name, size: copy.size, type: copy.type };
  const { list, visibility } = await transactionWithEvents(deps, async (tx) => {
    const found = await record.read(tx);
    if (!found) throw notFound();
    const current = found.attachments;
    const source = current.find((a) => a.path === input.source);
    if (!source || !hasThumbnail(extensionOf(source.name || source.path) || extensionOf(source.path)))
      throw invalid('source', 'after_sales.errors.marked_source_missing');
    if (current.some((a) => a.path === copy.path)) throw invalid('path', 'after_sales.errors.invalid_marked_copy');
    const next = besideOriginal(current, source.path, attachment);
    await record.write(tx, next);
    const [updated] = await tx
      .update(tickets)
      .set({ updatedAt: new Date() })
      .where(eq(tickets.id, ticket.id))
      .returning();
    // A history row and a live refresh for whoever has the ticket open; nobody is notified of a drawing.
    await emitTicketEvent(tx, updated, 'ticket.updated', {
      actorId: user.id,
      action: 'photo.mark',
      notify: [],
      data: { record: record.kind, ...record.ids, source: source.path, path: copy.path, name: copy.name },
    });
    return { list: next, visibility: found.visibility };
  });
  await linkAttachments(deps, user.companyId, ticket.id, [attachment], visibility);
  await recordMarkedCopy(deps, user.companyId, copy.path, input.source);
  return list;
}

/** A message of the ticket (not a justification); a public one reaches the owner, so it needs the same right as writing to them. */
export function messageRecord(user: SessionUser, ticket: Ticket, messageId: number): PhotoRecord {
  const where = and(
    eq(ticketMessages.id, messageId),
    eq(ticketMessages.ticketId, ticket.id),
    eq(ticketMessages.companyId, ticket.companyId),
    eq(ticketMessages.kind, 'message'),
  );
  return {
    kind: 'message',
    ids: { messageId },
    async read(tx) {
      const [row] = await tx.select().from(ticketMessages).where(where).for('update');
      if (!row) return undefined;
      if (row.visibility === 'public' && !canMessageOwner(user))
        throw new ApiError(403, 'after_sales.errors.no_owner_message_permission');
      return { attachments: row.attachments, visibility: row.visibility };
    },
    async write(tx, list) {
      await tx.update(ticketMessages).set({ attachments: list }).where(where);
    },
  };
}

export function failureRecord(ticket: Ticket, failureId: number): PhotoRecord {
  const where = and(
    eq(failures.id, failureId),
    eq(failures.ticketId, ticket.id),
    eq(failures.companyId, ticket.companyId),
  );
  return {
    kind: 'failure',
    ids: { failureId },
    async read(tx) {
      const [row] = await tx.select({ attachments: failures.attachments }).from(failures).where(where).for('update');
      return row && { attachments: row.attachments, visibility: 'public' };
    },
    async write(tx, list) {
      await tx.update(failures).set({ attachments: list, updatedAt: new Date() }).where(where);
    },
  };
}

/** The result a visit recorded for one of its failures (the order was loaded in the ticket's scope). */
export function resultRecord(ticket: Ticket, orderId: number, failureId: number): PhotoRecord {
  const where = and(
    eq(orderFailures.orderId, orderId),
    eq(orderFailures.failureId, failureId),
    eq(orderFailures.companyId, ticket.companyId),
  );
  return {
    kind: 'result',
    ids: { orderId, failureId },
    async read(tx) {
      const [row] = await tx
        .select({ attachments: orderFailures.attachments })
        .from(orderFailures)
        .where(where)
        .for('update');
      return row && { attachments: row.attachments, visibility: 'public' };
    },
    async write(tx, list) {
      await tx.update(orderFailures).set({ attachments: list }).where(where);
    },
  };
}

export function acRecord(ticket: Ticket, acId: number): PhotoRecord {
  const where = and(eq(acs.id, acId), eq(acs.ticketId, ticket.id), eq(acs.companyId, ticket.companyId));
  return {
    kind: 'ac',
    ids: { acId },
    async read(tx) {
      const [row] = await tx.select({ attachments: acs.attachments }).from(acs).where(where).for('update');
      return row && { attachments: row.attachments, visibility: 'public' };
    },
    async write(tx, list) {
      await tx.update(acs).set({ attachments: list, updatedAt: new Date() }).where(where);
    },
  };
}

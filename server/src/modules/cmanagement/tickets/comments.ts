import { asc, eq } from 'drizzle-orm';
import { CM_MENTION_PATTERN, mentionedUserIds } from '#domain/cmanagement';
import type { CmCommentRow } from '#domain/cmanagement-responses';
import type { DbOrTx } from '../../../db/client.ts';
import { cmComments } from '../../../db/schema/index.ts';
import { userBriefs } from '../../../db/staff.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { peopleSeeing } from '../people/people.ts';
import type { CmTicket } from '../shared/scope.ts';
import { emitTicketEvent } from './events.ts';

type CommentRow = typeof cmComments.$inferSelect;
const EXCERPT_MAX = 140;

/** The comment's text as a notification quotes it: mentions as "@Name", cut to a line. */
export function excerptOf(body: string) {
  const plain = body
    .replace(CM_MENTION_PATTERN, (_m, name: string) => `@${name}`)
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > EXCERPT_MAX ? `${plain.slice(0, EXCERPT_MAX - 1)}…` : plain;
}

async function shape(db: DbOrTx, rows: CommentRow[]): Promise<CmCommentRow[]> {
  const briefs = await userBriefs(
    db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => ({
    id: r.id,
    author: (r.authorId !== null && briefs.get(r.authorId)) || null,
    body: r.body,
    mentions: r.mentions,
    created_at: r.createdAt.toISOString(),
  }));
}

/** GET cmanagement/tickets/{id}/comentarios: oldest first, as a conversation reads. */
export async function listComments(db: DbOrTx, ticket: CmTicket) {
  const rows = await db
    .select()
    .from(cmComments)
    .where(eq(cmComments.ticketId, ticket.id))
    .orderBy(asc(cmComments.createdAt), asc(cmComments.id));
  return shape(db, rows);
}

/**
 * POST cmanagement/tickets/{id}/comentarios: the comment and cm_ticket.commented for everyone in the project; the
 * people it mentions (CM_MENTION_PATTERN) who can see the ticket are told (cm_ticket.mentioned). A mention of
 * someone who cannot see it stays in the text but tells no one and is not recorded.
 */
export async function postComment(deps: AppDeps, user: SessionUser, ticket: CmTicket, body: string) {
  const db = deps.database.db;
  const mentions = (await peopleSeeing(db, ticket.companyId, ticket.projectId, mentionedUserIds(body))).filter(
    (id) => id !== user.id,
  );
  const row = await transactionWithEvents(deps, async (tx) => {
    const [comment] = await tx
      .insert(cmComments)
      .values({ companyId: ticket.companyId, ticketId: ticket.id, authorId: user.id, body, mentions })
      .returning();
    const data = { comment_id: comment.id, excerpt: excerptOf(body) };
    await emitTicketEvent(tx, ticket, 'cm_ticket.commented', { actorId: user.id, data });
    if (mentions.length)
      await emitTicketEvent(tx, ticket, 'cm_ticket.mentioned', { actorId: user.id, data, notify: mentions });
    return comment;
  });
  const [out] = await shape(db, [row]);
  return out;
}

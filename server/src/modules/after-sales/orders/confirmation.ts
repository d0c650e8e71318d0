import { eq } from 'drizzle-orm';
import dayjs from 'dayjs';
import { canSend } from '#machines/engine';
import { orderMachine, type OrderEvent } from '#machines/order';
import { isBeforeDeadline, isInsideReplyWindow, replyDeadline } from '#machines/time';
import { companies, orders, owners, projects, tickets, units, users } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { pickLocale, translator, type Translate } from '../../../lib/i18n.ts';
import { sha256 } from '../../../auth/tokens.ts';
import { ownerRecipient } from '../shared/people.ts';
import { timezoneOf } from '../shared/dates.ts';
import type { Ticket } from '../shared/scope.ts';
import { confirmationHours, orderCommand, orderStored, type Order } from './commands.ts';
import { orderVisit } from '../agenda/calendar-visits.ts';
import { visitInviteAttachments } from '../../integrations/service.ts';

const visitUrl = (deps: AppDeps, token: string) =>
  `${deps.config.publicUrl}/api/v2/public/api/postventa/visita/${token}`;

/**
 * E-mails the owner the single-use link to confirm or reject a (re)scheduled visit. docs/product.md §5: an
 * owner without a verified e-mail gets no notifications, so nothing is sent to them. A visit scheduled
 * inside the owner's reply window (docs/product.md §4 Owner confirmation) is announced without a link: the
 * owner can no longer answer it, the team confirms it with them.
 */
export async function mailConfirmation(deps: AppDeps, ticket: Ticket, order: Order, token: string | undefined) {
  if (!token || !order.startAt) return false;
  const recipient = await ownerRecipient(deps.database.db, ticket.applicantOwnerId);
  if (!recipient.userId) return false;
  const [account] = await deps.database.db.select().from(users).where(eq(users.id, recipient.userId));
  const [company] = await deps.database.db
    .select({ country: companies.country })
    .from(companies)
    .where(eq(companies.id, ticket.companyId));
  const t = translator(pickLocale(account.locale ?? 'es'));
  const hours = await confirmationHours(deps.database.db, ticket.projectId);
  const when = dayjs(order.startAt).tz(timezoneOf(company?.country)).format('DD-MM-YYYY HH:mm');
  const late = isInsideReplyWindow(new Date().toISOString(), order.startAt.toISOString(), hours);
  await deps.mailer.send({
    companyId: ticket.companyId,
    to: account.email!,
    subject: t('after_sales.mail.visit_subject', { code: order.code }),
    text: t(late ? 'after_sales.mail.visit_body_staff_confirms' : 'after_sales.mail.visit_body', {
      name: account.firstName,
      code: order.code,
      ticket: ticket.code,
      when,
      hours,
      url: visitUrl(deps, token),
    }),
    // The scheduling tool's invitation: the visit in the owner's calendar, updated by each new e-mail.
    attachments: await visitInviteAttachments(
      deps,
      ticket.companyId,
      await orderVisit(deps.database.db, order.id),
      t,
      account.email!,
    ),
  });
  return true;
}

/**
 * An owner's answer (portal or e-mailed link). The machine decides; when it refuses an owner but
 * would accept staff, the only reason is the configured limit before the visit, which gets its
 * own clear message (docs/product.md §4 "until a configured time before it starts").
 */
export async function ownerAnswer(
  deps: AppDeps,
  ticket: Ticket,
  order: Order,
  kind: 'confirm' | 'reject',
  actorId: number | null,
  t: Translate,
  reason?: string,
) {
  const hours = await confirmationHours(deps.database.db, ticket.projectId);
  const now = new Date().toISOString();
  const type = kind === 'confirm' ? ('order.confirm' as const) : ('order.reject' as const);
  const event: OrderEvent = { type, by: 'owner', now, confirmationDeadlineHours: hours };
  const stored = orderStored(order);
  if (
    !canSend(orderMachine, stored, event) &&
    canSend(orderMachine, stored, { type, by: 'staff', now, confirmationDeadlineHours: hours })
  ) {
    throw new ApiError(409, 'after_sales.errors.confirmation_deadline_passed', { hours }, [], {
      deadline: replyDeadline(order.startAt?.toISOString(), hours),
    });
  }
  return orderCommand(deps, 'owner', ticket, order.id, event, t, {
    actorId,
    patch: reason ? { ownerDecisionReason: reason } : undefined,
  });
}

/**
 * Whether the owner can still answer: shown by the portal and the e-mail page so the buttons disappear in
 * time. `needs_staff_confirmation`: the visit awaits an answer the owner can no longer give (scheduled
 * inside the reply window, or the deadline went by), so staff must record it (docs/product.md §4).
 */
export function answerWindow(order: Order, hours: number, now = new Date()) {
  const stored = orderStored(order);
  const facts = { by: 'owner' as const, now: now.toISOString(), confirmationDeadlineHours: hours };
  const startAt = order.startAt?.toISOString();
  return {
    can_confirm: canSend(orderMachine, stored, { type: 'order.confirm', ...facts }),
    can_reject: canSend(orderMachine, stored, { type: 'order.reject', ...facts }),
    deadline: replyDeadline(startAt, hours),
    is_before_deadline: isBeforeDeadline(facts.now, startAt, hours),
    needs_staff_confirmation: order.state === 'agendada' && isInsideReplyWindow(facts.now, startAt, hours),
  };
}

/** Looks up the order of an e-mailed link: unknown or replaced tokens are a 404, a used one a 410. */
export async function orderByToken(deps: AppDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound();
  const [row] = await deps.database.db
    .select({
      order: orders,
      ticket: tickets,
      unitNumber: units.number,
      projectName: projects.name,
      ownerName: owners.name,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(units, eq(units.id, tickets.unitId))
    .innerJoin(projects, eq(projects.id, tickets.projectId))
    .leftJoin(owners, eq(owners.id, tickets.applicantOwnerId))
    .where(eq(orders.confirmTokenHash, sha256(token)));
  if (!row) throw notFound();
  if (row.order.confirmTokenUsedAt) throw new ApiError(410, 'after_sales.errors.link_used');
  return row;
}

export async function tokenOwnerUserId(deps: AppDeps, ticket: Ticket) {
  const r = await ownerRecipient(deps.database.db, ticket.applicantOwnerId);
  return r.userId;
}

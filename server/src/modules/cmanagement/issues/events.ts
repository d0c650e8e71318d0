import { CM_ENTITY, type CmEventType } from '#domain/cmanagement';
import type { Tx } from '../../../db/client.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { cmTicketCode, type CmIssue, type CmTicket } from '../shared/scope.ts';

type IssueEventType = Extract<CmEventType, `cm_issue.${string}`>;

/** Where an issue leads (docs/product.md §2 tickets/{ticketId}/issues/{issueId}). */
export const cmIssueLink = (ticketId: number, issueId: number) => `/cmanagement/tickets/${ticketId}/issues/${issueId}`;

/** What every cm_issue.* event carries (domain/cmanagement.ts CmEventData). */
export const issueEventData = (ticket: CmTicket, issue: CmIssue) => ({
  ticket_id: ticket.id,
  issue_id: issue.id,
  ref: `${cmTicketCode(ticket.number)} #${issue.number}`,
  subject: issue.title,
});

/** A cm_issue.* outbox event on the ticket's project: the ticket page, its issues and plan follow it live. */
export function emitIssueEvent(tx: Tx, ticket: CmTicket, issue: CmIssue, type: IssueEventType, actorId: number) {
  return recordEvent(tx, {
    type,
    companyId: ticket.companyId,
    projectId: ticket.projectId,
    entity: { type: CM_ENTITY.issue, id: issue.id },
    actorId,
    data: issueEventData(ticket, issue),
    link: cmIssueLink(ticket.id, issue.id),
  });
}

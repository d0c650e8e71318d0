import { eq } from 'drizzle-orm';
import { CM_ENTITY, cmIssueCommands } from '#domain/cmanagement';
import { cmIssueMachine, type CmIssueEvent } from '#machines/cm-issue';
import { cmIssues } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { runCommand } from '../../../commands/runner.ts';
import { loadCmIssue } from '../shared/scope.ts';
import { cmIssueLink, issueEventData } from './events.ts';

/**
 * Every issue state change (POST cmanagement/tickets/{id}/issues/{issueId}/<verb>) through machines/cm-issue.ts:
 * runCommand writes the state, its history and cm_issue.state_changed in one transaction.
 */
export async function issueCommand(
  deps: AppDeps,
  user: SessionUser,
  at: { ticketId: number; issueId: number },
  event: CmIssueEvent,
  t: Translate,
) {
  const { result } = await runCommand(deps, {
    machine: cmIssueMachine,
    machineName: 'cmIssue',
    entity: { type: CM_ENTITY.issue, id: at.issueId, companyId: user.companyId },
    load: async (tx) => {
      const { issue, ticket } = await loadCmIssue(tx, user, at.ticketId, at.issueId, true);
      return { value: issue.state, context: {}, row: { issue, ticket }, projectId: ticket.projectId };
    },
    event,
    commands: cmIssueCommands,
    actor: user,
    persist: async (tx, next) => {
      const [row] = await tx
        .update(cmIssues)
        .set({ state: next.to, updatedAt: new Date() })
        .where(eq(cmIssues.id, at.issueId))
        .returning();
      return row;
    },
    userId: user.id,
    t,
    eventType: 'cm_issue.state_changed',
    data: (next, row) => ({ ...issueEventData(next.row.ticket, row), from: next.from, to: next.to }),
    link: cmIssueLink(at.ticketId, at.issueId),
  });
  return result;
}

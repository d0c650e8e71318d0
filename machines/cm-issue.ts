import { setup } from 'xstate';
import { CM_ISSUE_STATES, type CmIssueState } from '#domain/cmanagement';

/**
 * docs/product.md §1 Cmanagement issue: an item inside a ticket (a crack, a missing part) with its own state. Open
 * issues keep the ticket from being resolved (machines/cm-ticket.ts). State ids are domain/cmanagement.ts's.
 */
export { CM_ISSUE_STATES, type CmIssueState };

export type CmIssueEvent =
  { type: 'cmIssue.start' } | { type: 'cmIssue.resolve' } | { type: 'cmIssue.close' } | { type: 'cmIssue.reopen' };
export type CmIssueEventType = CmIssueEvent['type'];

export const cmIssueMachine = setup({
  types: { events: {} as CmIssueEvent },
  actions: {
    // Effect performed by server/src/modules/cmanagement/issues/commands.ts: tells the issue's assignee.
    notifyStateChanged: () => {},
  },
}).createMachine({
  id: 'cmIssue',
  initial: 'abierta',
  states: {
    abierta: {
      on: {
        'cmIssue.start': { target: 'en_curso', actions: 'notifyStateChanged' },
        'cmIssue.resolve': { target: 'resuelta', actions: 'notifyStateChanged' },
        // Closing an open issue discards it (not a defect after all).
        'cmIssue.close': { target: 'cerrada', actions: 'notifyStateChanged' },
      },
    },
    en_curso: {
      on: { 'cmIssue.resolve': { target: 'resuelta', actions: 'notifyStateChanged' } },
    },
    resuelta: {
      on: {
        'cmIssue.close': { target: 'cerrada', actions: 'notifyStateChanged' },
        'cmIssue.reopen': { target: 'abierta', actions: 'notifyStateChanged' },
      },
    },
    cerrada: {
      on: { 'cmIssue.reopen': { target: 'abierta', actions: 'notifyStateChanged' } },
    },
  },
});

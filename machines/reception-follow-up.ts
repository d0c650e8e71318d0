import { setup } from 'xstate';
import { FOLLOW_UP_STATES, type FollowUpState } from '#domain/verifications';

/**
 * A reception's follow-up (domain/verifications.ts): opened by a failed checkpoint when the reception is signed, with
 * its due date; closed when the fix is verified on site (a note and photos), which resolves the reception when it
 * was the last one open. Overdue is derived from the due date, not a state. State ids are the contract's.
 */
export { FOLLOW_UP_STATES, type FollowUpState };

export type FollowUpEvent = { type: 'followUp.close' };

export const followUpMachine = setup({
  types: { events: {} as FollowUpEvent },
  actions: {
    // Performed by server/src/modules/verifications/follow-ups/commands.ts: the reception resolved when none is open.
    resolveReception: () => {},
  },
}).createMachine({
  id: 'followUp',
  initial: 'abierto',
  states: {
    abierto: { on: { 'followUp.close': { target: 'cerrado', actions: 'resolveReception' } } },
    cerrado: { type: 'final' },
  },
});

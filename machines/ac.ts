import { assign, setup } from 'xstate';
import type { AcFollowUp, AcState } from '#domain/acs';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 AC (acta de conformidad). State ids and follow-ups are the contract's (domain/acs.ts). */
export { AC_STATES, type AcFollowUp, type AcState } from '#domain/acs';
export type AcContext = { followUp: AcFollowUp | null };
export type AcInput = OptionalInput<Partial<AcContext>>;

export type AcEvent =
  | { type: 'ac.approve' }
  | { type: 'ac.disapprove' }
  | { type: 'ac.reject'; reason: string }
  | { type: 'ac.markForReinspection' }
  | { type: 'ac.markForWorkOrder' };

export type AcEventType = AcEvent['type'];

/** The fact failures need (docs/product.md §4: a failure reopens only while its AC has no reply). */
export function acHasReply(state: AcState | null | undefined): boolean {
  return state != null && state !== 'pendiente';
}

export const acMachine = setup({
  types: {
    context: {} as AcContext,
    events: {} as AcEvent,
    input: {} as AcInput,
  },
  guards: {
    hasReason: ({ event }) => event.type === 'ac.reject' && event.reason.trim().length > 0,
    // One follow-up per AC: the new OI or OT carries the process on with its own AC.
    hasNoFollowUp: ({ context }) => context.followUp === null,
  },
  actions: {
    setFollowUp: assign((_, params: { followUp: AcFollowUp }) => ({ followUp: params.followUp })),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): create the OI or the OT on
    // the AC's ticket.
    createInspectionOrder: () => {},
    createWorkOrder: () => {},
  },
}).createMachine({
  id: 'ac',
  initial: 'pendiente',
  context: ({ input }) => ({ followUp: input?.followUp ?? null }),
  states: {
    pendiente: {
      on: {
        'ac.approve': { target: 'conforme' },
        'ac.disapprove': { target: 'no_conforme' },
        'ac.reject': { target: 'rechazada', guard: 'hasReason' },
      },
    },
    conforme: { type: 'final' },
    no_conforme: {
      on: {
        'ac.markForReinspection': {
          guard: 'hasNoFollowUp',
          actions: [{ type: 'setFollowUp', params: { followUp: 'reinspeccion' } }, 'createInspectionOrder'],
        },
        'ac.markForWorkOrder': {
          guard: 'hasNoFollowUp',
          actions: [{ type: 'setFollowUp', params: { followUp: 'orden_trabajo' } }, 'createWorkOrder'],
        },
      },
    },
    rechazada: {
      on: {
        'ac.markForReinspection': {
          guard: 'hasNoFollowUp',
          actions: [{ type: 'setFollowUp', params: { followUp: 'reinspeccion' } }, 'createInspectionOrder'],
        },
        'ac.markForWorkOrder': {
          guard: 'hasNoFollowUp',
          actions: [{ type: 'setFollowUp', params: { followUp: 'orden_trabajo' } }, 'createWorkOrder'],
        },
      },
    },
  },
});

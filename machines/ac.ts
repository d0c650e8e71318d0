import { assign, setup } from 'xstate';
import type { AcFollowUp, AcState } from '#domain/acs';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 AC (acta de conformidad). State ids and follow-ups are the contract's (domain/acs.ts). */
export { AC_STATES, type AcFollowUp, type AcState } from '#domain/acs';
/** `isSigned`: the owner's signature is on the act (docs/product.md#ac-sign-off); it is never taken back. */
export type AcContext = { followUp: AcFollowUp | null; isSigned: boolean };
export type AcInput = OptionalInput<Partial<AcContext>>;

export type AcEvent =
  | { type: 'ac.approve' }
  | { type: 'ac.disapprove' }
  | { type: 'ac.reject'; reason: string }
  | { type: 'ac.markForReinspection' }
  | { type: 'ac.markForWorkOrder' }
  | { type: 'ac.sign'; signerName: string };

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
    // docs/product.md#ac-sign-off: the act is signed once, by a named signer; a signed act is a record.
    canBeSigned: ({ context, event }) =>
      !context.isSigned && event.type === 'ac.sign' && event.signerName.trim().length > 0,
  },
  actions: {
    setFollowUp: assign((_, params: { followUp: AcFollowUp }) => ({ followUp: params.followUp })),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): create the OI or the OT on
    // the AC's ticket.
    createInspectionOrder: () => {},
    createWorkOrder: () => {},
    markSigned: assign({ isSigned: true }),
    // Effect: the server stores the signed PDF with the ticket's files.
    storeSignedAct: () => {},
  },
}).createMachine({
  id: 'ac',
  initial: 'pendiente',
  context: ({ input }) => ({ followUp: input?.followUp ?? null, isSigned: input?.isSigned ?? false }),
  states: {
    pendiente: {
      on: {
        'ac.approve': { target: 'conforme' },
        'ac.disapprove': { target: 'no_conforme' },
        'ac.reject': { target: 'rechazada', guard: 'hasReason' },
      },
    },
    // Signing needs the owner's answer first (docs/product.md#ac-sign-off): conforming or not; a rejected act
    // is the owner's refusal, with its reason, and is not signed.
    conforme: {
      on: {
        'ac.sign': { guard: 'canBeSigned', actions: ['markSigned', 'storeSignedAct'] },
      },
    },
    no_conforme: {
      on: {
        'ac.sign': { guard: 'canBeSigned', actions: ['markSigned', 'storeSignedAct'] },
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

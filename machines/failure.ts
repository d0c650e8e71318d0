import { assign, setup } from 'xstate';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 failure (falla) outcomes. State ids and lists are the contract's (domain/failures.ts). */
export { FAILURE_PENDING_STATES, FAILURE_STATES, type FailureState } from '#domain/failures';

export type FailureContext = { reenteredCount: number; isMarkedToOwner: boolean };
export type FailureInput = OptionalInput<Partial<FailureContext>>;

export type FailureEvent =
  | { type: 'failure.comply' }
  | { type: 'failure.fail' }
  | { type: 'failure.markNotApplicable' }
  | { type: 'failure.solve' }
  | { type: 'failure.solveInAfterSales' }
  /** `acHasReply`: the failure's AC is no longer `pendiente` (see `acHasReply` in ac.ts). */
  | { type: 'failure.reopen'; acHasReply: boolean }
  | { type: 'failure.reenter'; acHasReply: boolean }
  | { type: 'failure.markToOwner' };

export type FailureEventType = FailureEvent['type'];

export const failureMachine = setup({
  types: {
    context: {} as FailureContext,
    events: {} as FailureEvent,
    input: {} as FailureInput,
  },
  guards: {
    // docs/product.md §4: "reopened only when its AC has no reply".
    hasNoAcReply: ({ event }) => 'acHasReply' in event && event.acHasReply === false,
    // Re-entering is for a defect that came back after the owner answered its AC.
    hasAcReply: ({ event }) => 'acHasReply' in event && event.acHasReply === true,
    isNotMarkedToOwner: ({ context }) => !context.isMarkedToOwner,
  },
  actions: {
    markToOwner: assign({ isMarkedToOwner: true }),
    countReentry: assign({ reenteredCount: ({ context }) => context.reenteredCount + 1, isMarkedToOwner: false }),
    // Effects, named here and never run by the machine: the server's command runner hands their
    // names to the module's command, which performs them (docs/machines.md): solving asks the owner's
    // conformity (creates the AC); reopening deletes that unanswered AC (docs/product.md §4); marking to
    // owner tells the owner.
    createAc: () => {},
    deleteAc: () => {},
    notifyOwner: () => {},
  },
}).createMachine({
  id: 'failure',
  initial: 'pendiente',
  context: ({ input }) => ({
    reenteredCount: input?.reenteredCount ?? 0,
    isMarkedToOwner: input?.isMarkedToOwner ?? false,
  }),
  states: {
    pendiente: {
      on: {
        'failure.comply': { target: 'cumple' },
        'failure.fail': { target: 'falla' },
        'failure.markNotApplicable': { target: 'no_aplica' },
        'failure.solve': { target: 'solucionada', actions: 'createAc' },
        'failure.solveInAfterSales': { target: 'solucionada_postventa' },
        'failure.markToOwner': { guard: 'isNotMarkedToOwner', actions: ['markToOwner', 'notifyOwner'] },
      },
    },
    falla: {
      on: {
        'failure.markNotApplicable': { target: 'no_aplica' },
        'failure.solve': { target: 'solucionada', actions: 'createAc' },
        'failure.solveInAfterSales': { target: 'solucionada_postventa' },
        'failure.reopen': { target: 'pendiente', guard: 'hasNoAcReply', actions: 'deleteAc' },
        'failure.markToOwner': { guard: 'isNotMarkedToOwner', actions: ['markToOwner', 'notifyOwner'] },
      },
    },
    cumple: { on: { 'failure.reopen': { target: 'pendiente', guard: 'hasNoAcReply', actions: 'deleteAc' } } },
    no_aplica: { on: { 'failure.reopen': { target: 'pendiente', guard: 'hasNoAcReply', actions: 'deleteAc' } } },
    solucionada: {
      on: {
        'failure.reopen': { target: 'pendiente', guard: 'hasNoAcReply', actions: 'deleteAc' },
        'failure.reenter': { target: 'pendiente', guard: 'hasAcReply', actions: 'countReentry' },
      },
    },
    solucionada_postventa: {
      on: {
        'failure.reopen': { target: 'pendiente', guard: 'hasNoAcReply', actions: 'deleteAc' },
        'failure.reenter': { target: 'pendiente', guard: 'hasAcReply', actions: 'countReentry' },
      },
    },
  },
});

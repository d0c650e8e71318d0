import { setup } from 'xstate';
import { RECEPTION_STATES, type ReceptionState } from '#domain/verifications';

/**
 * A reception inspection's lifecycle (domain/verifications.ts, docs/product.md §1 Verifications / Reception):
 * programmed → in inspection (the template's checkpoints copied to it) → signed by the inspector and the contractor,
 * approved when no checkpoint failed or observed when one did (each failed checkpoint opens a follow-up); an observed
 * reception is approved when its last follow-up closes. Only a reception not yet signed may be cancelled. State ids
 * are the contract's.
 */
export { RECEPTION_STATES, type ReceptionState };

/** `reception.sign` carries what the server counted in the answers it is signing: `failed`, the failed checkpoints. */
export type ReceptionEvent =
  | { type: 'reception.start' }
  | { type: 'reception.sign'; failed: number }
  | { type: 'reception.cancel' }
  | { type: 'reception.resolve' };
export type ReceptionEventType = ReceptionEvent['type'];

export const receptionMachine = setup({
  types: { events: {} as ReceptionEvent },
  guards: {
    noneFailed: ({ event }) => event.type === 'reception.sign' && event.failed === 0,
    someFailed: ({ event }) => event.type === 'reception.sign' && event.failed > 0,
  },
  actions: {
    // Effects performed by server/src/modules/verifications/receptions/commands.ts in the command's transaction.
    copyCheckpoints: () => {},
    recordSignatures: () => {},
    openFollowUps: () => {},
  },
}).createMachine({
  id: 'reception',
  initial: 'programada',
  states: {
    programada: {
      on: {
        'reception.start': { target: 'en_inspeccion', actions: 'copyCheckpoints' },
        'reception.cancel': { target: 'anulada' },
      },
    },
    en_inspeccion: {
      on: {
        'reception.sign': [
          { target: 'aprobada', guard: 'noneFailed', actions: 'recordSignatures' },
          { target: 'observada', guard: 'someFailed', actions: ['recordSignatures', 'openFollowUps'] },
        ],
        'reception.cancel': { target: 'anulada' },
      },
    },
    observada: {
      on: { 'reception.resolve': { target: 'aprobada' } },
    },
    aprobada: { type: 'final' },
    anulada: { type: 'final' },
  },
});

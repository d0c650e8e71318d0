import { setup } from 'xstate';
import { BATCH_STATES, type BatchState } from '#domain/concrete-placements';

/**
 * A concrete batch (lote; domain/concrete-placements.ts): open while poured placements of its type join it, closed
 * when full by m3, past its days or by hand, then judged by the acceptance rule (domain/concrete.ts evaluateBatch)
 * once every placement is tested: conforming or non-conforming. A corrected result, a new sample or a cleared result
 * judges it again, back to closed when some result is missing. State ids are the contract's.
 */
export { BATCH_STATES, type BatchState };

/** `batch.evaluate` carries the server's reading: every placement tested, and the verdict of evaluateBatch. */
export type BatchEvent = { type: 'batch.close' } | { type: 'batch.evaluate'; allTested: boolean; conforming: boolean };
export type BatchEventType = BatchEvent['type'];

const evaluate = (event: BatchEvent) => (event.type === 'batch.evaluate' ? event : undefined);

export const batchMachine = setup({
  types: { events: {} as BatchEvent },
  guards: {
    judgedConforming: ({ event }) => !!evaluate(event)?.allTested && !!evaluate(event)?.conforming,
    judgedNonConforming: ({ event }) => !!evaluate(event)?.allTested && !evaluate(event)?.conforming,
    missingResults: ({ event }) => evaluate(event)?.allTested === false,
  },
  actions: {
    // Effects performed by server/src/modules/concrete/batches/commands.ts: the verdict stored, and the
    // notification of a non-conforming batch (domain/concrete-placements.ts BATCH_NONCONFORMING_NOTIFICATION).
    storeVerdict: () => {},
    clearVerdict: () => {},
    notifyNonConforming: () => {},
  },
}).createMachine({
  id: 'batch',
  initial: 'abierto',
  states: {
    abierto: {
      on: { 'batch.close': { target: 'cerrado' } },
    },
    cerrado: {
      on: {
        'batch.evaluate': [
          { target: 'conforme', guard: 'judgedConforming', actions: 'storeVerdict' },
          { target: 'no_conforme', guard: 'judgedNonConforming', actions: ['storeVerdict', 'notifyNonConforming'] },
        ],
      },
    },
    conforme: {
      on: {
        'batch.evaluate': [
          { target: 'no_conforme', guard: 'judgedNonConforming', actions: ['storeVerdict', 'notifyNonConforming'] },
          { target: 'cerrado', guard: 'missingResults', actions: 'clearVerdict' },
        ],
      },
    },
    no_conforme: {
      on: {
        'batch.evaluate': [
          { target: 'conforme', guard: 'judgedConforming', actions: 'storeVerdict' },
          { target: 'cerrado', guard: 'missingResults', actions: 'clearVerdict' },
        ],
      },
    },
  },
});

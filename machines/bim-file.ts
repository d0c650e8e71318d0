import { setup } from 'xstate';
import { BIM_FILE_STATES, type BimFileState } from '#domain/quality';
import type { OptionalInput } from './types.ts';

/**
 * docs/product.md §4 BIM model "may be in optimisation": one IFC file of a model, queued when attached or
 * reprocessed (force update), processing while the worker thread converts it to fragments and indexes its
 * properties, then ready or failed. A reprocess starts again from the queue whatever the file's state; the
 * attempt it bumps lets the queue ignore a late answer of the run it replaced. State ids are domain/quality.ts's.
 */
export { BIM_FILE_STATES, type BimFileState };

export type BimFileContext = Record<string, never>;
export type BimFileInput = OptionalInput<Partial<BimFileContext>>;

export type BimFileEvent =
  { type: 'bimFile.start' } | { type: 'bimFile.succeed' } | { type: 'bimFile.fail' } | { type: 'bimFile.reprocess' };
export type BimFileEventType = BimFileEvent['type'];

export const bimFileMachine = setup({
  types: {
    context: {} as BimFileContext,
    events: {} as BimFileEvent,
    input: {} as BimFileInput,
  },
  actions: {
    // Effects performed by the processing queue (server/src/modules/quality/models): the old fragments and
    // properties index are dropped on a reprocess; the result is written when the worker answers.
    dropOutputs: () => {},
    writeOutputs: () => {},
  },
}).createMachine({
  id: 'bimFile',
  initial: 'en_cola',
  context: {},
  states: {
    en_cola: {
      on: { 'bimFile.start': { target: 'procesando' }, 'bimFile.fail': { target: 'error' } },
    },
    procesando: {
      on: {
        'bimFile.succeed': { target: 'listo', actions: 'writeOutputs' },
        'bimFile.fail': { target: 'error' },
        'bimFile.reprocess': { target: 'en_cola', actions: 'dropOutputs' },
      },
    },
    listo: { on: { 'bimFile.reprocess': { target: 'en_cola', actions: 'dropOutputs' } } },
    error: { on: { 'bimFile.reprocess': { target: 'en_cola', actions: 'dropOutputs' } } },
  },
});

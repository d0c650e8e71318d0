import { setup } from 'xstate';
import { PLACEMENT_STATES, type PlacementState } from '#domain/concrete-placements';

/**
 * docs/product.md §3 Concrete placement, its lifecycle (domain/concrete-placements.ts): scheduled → poured (the
 * guides recorded, the placement joins its type's open batch) → sampled → tested once every sample has its result
 * at the acceptance age; a new sample or a cleared result takes a tested placement back to sampled. Only a scheduled
 * pour may be cancelled, which frees its BIM elements. State ids are the contract's.
 */
export { PLACEMENT_STATES, type PlacementState };

/**
 * `placement.test` carries what the server counted after writing the results: `untested`, the samples still without
 * their acceptance result.
 */
export type PlacementEvent =
  | { type: 'placement.pour' }
  | { type: 'placement.sample' }
  | { type: 'placement.cancel' }
  | { type: 'placement.test'; untested: number };
export type PlacementEventType = PlacementEvent['type'];

export const placementMachine = setup({
  types: { events: {} as PlacementEvent },
  guards: {
    allSamplesTested: ({ event }) => event.type === 'placement.test' && event.untested === 0,
    hasUntestedSamples: ({ event }) => event.type === 'placement.test' && event.untested > 0,
  },
  actions: {
    // Effects performed by server/src/modules/concrete/placements/commands.ts in the command's transaction.
    recordGuides: () => {},
    joinBatch: () => {},
    recordSamples: () => {},
    releaseElements: () => {},
    judgeBatch: () => {},
  },
}).createMachine({
  id: 'placement',
  initial: 'programado',
  states: {
    programado: {
      on: {
        'placement.pour': { target: 'vaciado', actions: ['recordGuides', 'joinBatch'] },
        'placement.cancel': { target: 'anulado', actions: 'releaseElements' },
      },
    },
    vaciado: {
      on: { 'placement.sample': { target: 'muestreado', actions: 'recordSamples' } },
    },
    muestreado: {
      on: {
        'placement.sample': { target: 'muestreado', actions: 'recordSamples' },
        'placement.test': { target: 'ensayado', guard: 'allSamplesTested', actions: 'judgeBatch' },
      },
    },
    ensayado: {
      on: {
        'placement.sample': { target: 'muestreado', actions: ['recordSamples', 'judgeBatch'] },
        'placement.test': { target: 'muestreado', guard: 'hasUntestedSamples', actions: 'judgeBatch' },
      },
    },
    anulado: { type: 'final' },
  },
});

import { describe, expect, it } from 'vitest';
import { placementCommands } from '#domain/concrete-placements';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { PLACEMENT_STATES, placementMachine } from './concrete-placement.ts';

describe('concrete placement machine', () => {
  it('docs/product.md §3: generated paths walk every state, transition and command', async () => {
    const report = await walkModel(placementMachine, {
      events: [
        { type: 'placement.pour' },
        { type: 'placement.sample' },
        { type: 'placement.cancel' },
        { type: 'placement.test', untested: 0 },
        { type: 'placement.test', untested: 2 },
      ],
      commands: placementCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract', () => {
    expect(Object.keys(placementMachine.root.states).sort()).toEqual([...PLACEMENT_STATES].sort());
  });

  it('is tested only when no sample lacks its acceptance result, and only a scheduled pour is cancelled', () => {
    expect(
      nextState(placementMachine, { value: 'muestreado', context: {} }, { type: 'placement.test', untested: 1 }).ok,
    ).toBe(false);
    expect(
      nextState(placementMachine, { value: 'muestreado', context: {} }, { type: 'placement.test', untested: 0 }).ok,
    ).toBe(true);
    expect(nextState(placementMachine, { value: 'vaciado', context: {} }, { type: 'placement.cancel' }).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { batchCommands } from '#domain/concrete-placements';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { BATCH_STATES, batchMachine } from './concrete-batch.ts';

describe('concrete batch machine', () => {
  it('generated paths walk every state, transition and command', async () => {
    const report = await walkModel(batchMachine, {
      events: [
        { type: 'batch.close' },
        { type: 'batch.evaluate', allTested: true, conforming: true },
        { type: 'batch.evaluate', allTested: true, conforming: false },
        { type: 'batch.evaluate', allTested: false, conforming: false },
      ],
      commands: batchCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract', () => {
    expect(Object.keys(batchMachine.root.states).sort()).toEqual([...BATCH_STATES].sort());
  });

  it('an open batch is not judged, and a judged one goes back to closed when a result goes missing', () => {
    const judge = { type: 'batch.evaluate', allTested: true, conforming: false } as const;
    expect(nextState(batchMachine, { value: 'abierto', context: {} }, judge).ok).toBe(false);
    const missing = { type: 'batch.evaluate', allTested: false, conforming: true } as const;
    expect(nextState(batchMachine, { value: 'conforme', context: {} }, missing)).toMatchObject({ ok: true });
  });
});

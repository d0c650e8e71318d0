import { describe, expect, it } from 'vitest';
import { receptionCommands } from '#domain/verifications';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { RECEPTION_STATES, receptionMachine } from './reception.ts';

describe('reception machine', () => {
  it('docs/product.md §1 Verifications: generated paths walk every state, transition and command', async () => {
    const report = await walkModel(receptionMachine, {
      events: [
        { type: 'reception.start' },
        { type: 'reception.sign', failed: 0 },
        { type: 'reception.sign', failed: 2 },
        { type: 'reception.cancel' },
        { type: 'reception.resolve' },
      ],
      commands: receptionCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract', () => {
    expect(Object.keys(receptionMachine.root.states).sort()).toEqual([...RECEPTION_STATES].sort());
  });

  it('approves a signature without failures, observes one with them, and never cancels a signed reception', () => {
    const inspecting = { value: 'en_inspeccion' as const, context: {} };
    expect(nextState(receptionMachine, inspecting, { type: 'reception.sign', failed: 0 })).toMatchObject({
      ok: true,
      value: 'aprobada',
    });
    expect(nextState(receptionMachine, inspecting, { type: 'reception.sign', failed: 1 })).toMatchObject({
      ok: true,
      value: 'observada',
    });
    expect(nextState(receptionMachine, { value: 'observada', context: {} }, { type: 'reception.cancel' }).ok).toBe(
      false,
    );
    expect(
      nextState(receptionMachine, { value: 'programada', context: {} }, { type: 'reception.sign', failed: 0 }).ok,
    ).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { followUpCommands } from '#domain/verifications';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { FOLLOW_UP_STATES, followUpMachine } from './reception-follow-up.ts';

describe('reception follow-up machine', () => {
  it('generated paths walk every state, transition and command', async () => {
    const report = await walkModel(followUpMachine, {
      events: [{ type: 'followUp.close' }],
      commands: followUpCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract, and a closed follow-up stays closed', () => {
    expect(Object.keys(followUpMachine.root.states).sort()).toEqual([...FOLLOW_UP_STATES].sort());
    expect(nextState(followUpMachine, { value: 'cerrado', context: {} }, { type: 'followUp.close' }).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { cmIssueCommands } from '#domain/cmanagement';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { CM_ISSUE_STATES, cmIssueMachine } from './cm-issue.ts';

describe('cmanagement issue machine', () => {
  it('docs/product.md §1: generated paths walk every state, transition and command', async () => {
    const report = await walkModel(cmIssueMachine, {
      events: [
        { type: 'cmIssue.start' },
        { type: 'cmIssue.resolve' },
        { type: 'cmIssue.close' },
        { type: 'cmIssue.reopen' },
      ],
      commands: cmIssueCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract', () => {
    expect(Object.keys(cmIssueMachine.root.states).sort()).toEqual([...CM_ISSUE_STATES].sort());
  });

  it('an issue in progress is resolved before it is closed', () => {
    expect(nextState(cmIssueMachine, { value: 'en_curso', context: {} }, { type: 'cmIssue.close' }).ok).toBe(false);
  });
});

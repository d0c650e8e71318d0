import { describe, expect, it } from 'vitest';
import { cmTaskCommands } from '#domain/cmanagement';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { CM_TASK_STATES, cmTaskMachine } from './cm-task.ts';

describe('cmanagement task machine', () => {
  it('docs/product.md §1: generated paths walk every state, transition and command', async () => {
    const report = await walkModel(cmTaskMachine, {
      events: [{ type: 'cmTask.start' }, { type: 'cmTask.complete' }, { type: 'cmTask.reopen' }],
      commands: cmTaskCommands,
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states of the contract', () => {
    expect(Object.keys(cmTaskMachine.root.states).sort()).toEqual([...CM_TASK_STATES].sort());
  });

  it('a task with unfinished subtasks cannot be completed', () => {
    const at = (openSubtasks: number) => ({ value: 'en_curso' as const, context: { openSubtasks } });
    expect(nextState(cmTaskMachine, at(1), { type: 'cmTask.complete' }).ok).toBe(false);
    expect(nextState(cmTaskMachine, at(0), { type: 'cmTask.complete' }).ok).toBe(true);
  });
});

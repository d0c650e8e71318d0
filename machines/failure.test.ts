import { describe, expect, it } from 'vitest';
import { nextState } from './engine.ts';
import { FAILURE_STATES, failureMachine, type FailureState } from './failure.ts';
import { walkModel } from './testing/coverage.ts';
import { FAILURE_OUTCOMES, failureCommands } from '#domain/failures';

const at = (value: FailureState, context: Partial<{ reenteredCount: number; isMarkedToOwner: boolean }> = {}) => ({
  value,
  context: { reenteredCount: 0, isMarkedToOwner: false, ...context },
});

describe('failure machine', () => {
  it('docs/product.md §4: generated paths walk every failure state and transition', async () => {
    const report = await walkModel(failureMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: failureCommands,
      events: [
        { type: 'failure.reopen', acHasReply: false },
        { type: 'failure.reopen', acHasReply: true },
        { type: 'failure.reenter', acHasReply: true },
        { type: 'failure.reenter', acHasReply: false },
      ],
      // Re-entering can repeat forever; one re-entry is as good as many for the graph.
      projectContext: (context) => ({ ...context, reenteredCount: Math.min(context.reenteredCount, 1) }),
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(failureMachine.root.states).sort()).toEqual([...FAILURE_STATES].sort());
  });

  it('docs/product.md §4: outcomes from pendiente — cumple, falla, no aplica, solucionada, solucionada en postventa', () => {
    expect(nextState(failureMachine, at('pendiente'), { type: 'failure.comply' })).toMatchObject({
      ok: true,
      value: 'cumple',
    });
    expect(nextState(failureMachine, at('pendiente'), { type: 'failure.fail' })).toMatchObject({
      ok: true,
      value: 'falla',
    });
    expect(nextState(failureMachine, at('falla'), { type: 'failure.markNotApplicable' })).toMatchObject({
      ok: true,
      value: 'no_aplica',
    });
    expect(nextState(failureMachine, at('falla'), { type: 'failure.solve' })).toMatchObject({
      ok: true,
      value: 'solucionada',
      actions: ['createAc'],
    });
    expect(nextState(failureMachine, at('falla'), { type: 'failure.solveInAfterSales' })).toMatchObject({
      ok: true,
      value: 'solucionada_postventa',
    });
    expect(nextState(failureMachine, at('cumple'), { type: 'failure.fail' }).ok).toBe(false);
  });

  it('docs/product.md §4: reopens only while its AC has no reply, deleting that AC', () => {
    for (const from of FAILURE_OUTCOMES) {
      expect(nextState(failureMachine, at(from), { type: 'failure.reopen', acHasReply: true }).ok).toBe(false);
      expect(nextState(failureMachine, at(from), { type: 'failure.reopen', acHasReply: false })).toMatchObject({
        ok: true,
        value: 'pendiente',
        actions: ['deleteAc'],
      });
    }
    expect(nextState(failureMachine, at('pendiente'), { type: 'failure.reopen', acHasReply: false }).ok).toBe(false);
  });

  it('docs/product.md §4: re-entering a solved failure after the AC was answered counts the re-entry', () => {
    expect(
      nextState(failureMachine, at('solucionada', { reenteredCount: 1, isMarkedToOwner: true }), {
        type: 'failure.reenter',
        acHasReply: true,
      }),
    ).toEqual({
      ok: true,
      value: 'pendiente',
      context: { reenteredCount: 2, isMarkedToOwner: false },
      actions: [],
    });
    // Unanswered AC: the failure is reopened instead, so the AC is not left behind.
    expect(nextState(failureMachine, at('solucionada'), { type: 'failure.reenter', acHasReply: false }).ok).toBe(false);
    expect(nextState(failureMachine, at('cumple'), { type: 'failure.reenter', acHasReply: true }).ok).toBe(false);
  });

  it('docs/product.md §4: marks to owner once, while open, and tells the owner', () => {
    expect(nextState(failureMachine, at('falla'), { type: 'failure.markToOwner' })).toEqual({
      ok: true,
      value: 'falla',
      context: { reenteredCount: 0, isMarkedToOwner: true },
      actions: ['notifyOwner'],
    });
    expect(nextState(failureMachine, at('falla', { isMarkedToOwner: true }), { type: 'failure.markToOwner' }).ok).toBe(
      false,
    );
    expect(nextState(failureMachine, at('solucionada'), { type: 'failure.markToOwner' }).ok).toBe(false);
  });
});

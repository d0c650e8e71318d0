import { describe, expect, it } from 'vitest';
import { AC_STATES, acHasReply, acMachine, type AcFollowUp, type AcState } from './ac.ts';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { AC_RESULTS, acCommands } from '#domain/acs';

const at = (value: AcState, followUp: AcFollowUp | null = null) => ({ value, context: { followUp } });

describe('AC machine', () => {
  it('docs/product.md §4: generated paths walk every AC state and transition', async () => {
    const report = await walkModel(acMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: acCommands,
      events: [
        { type: 'ac.reject', reason: 'El propietario no firma: persiste la humedad' },
        { type: 'ac.reject', reason: '  ' },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(acMachine.root.states).sort()).toEqual([...AC_STATES].sort());
  });

  it('docs/product.md §4: pendiente is answered conforme, no conforme or rechazada (a rejection says why)', () => {
    expect(nextState(acMachine, at('pendiente'), { type: 'ac.approve' })).toMatchObject({
      ok: true,
      value: 'conforme',
    });
    expect(nextState(acMachine, at('pendiente'), { type: 'ac.disapprove' })).toMatchObject({
      ok: true,
      value: 'no_conforme',
    });
    expect(nextState(acMachine, at('pendiente'), { type: 'ac.reject', reason: '' }).ok).toBe(false);
    expect(nextState(acMachine, at('pendiente'), { type: 'ac.reject', reason: 'No asistió' })).toMatchObject({
      ok: true,
      value: 'rechazada',
    });
    expect(nextState(acMachine, at('conforme'), { type: 'ac.disapprove' }).ok).toBe(false);
  });

  it('docs/product.md §4: a non-conforming or rejected AC goes to re-inspection or to a work order, once', () => {
    for (const from of ['no_conforme', 'rechazada'] as const) {
      expect(nextState(acMachine, at(from), { type: 'ac.markForReinspection' })).toEqual({
        ok: true,
        value: from,
        context: { followUp: 'reinspeccion' },
        actions: ['createInspectionOrder'],
      });
      expect(nextState(acMachine, at(from), { type: 'ac.markForWorkOrder' })).toEqual({
        ok: true,
        value: from,
        context: { followUp: 'orden_trabajo' },
        actions: ['createWorkOrder'],
      });
      expect(nextState(acMachine, at(from, 'reinspeccion'), { type: 'ac.markForWorkOrder' }).ok).toBe(false);
    }
    expect(nextState(acMachine, at('pendiente'), { type: 'ac.markForReinspection' }).ok).toBe(false);
    expect(nextState(acMachine, at('conforme'), { type: 'ac.markForWorkOrder' }).ok).toBe(false);
  });

  it('acHasReply: any state but pendiente is a reply (the fact failure.reopen needs)', () => {
    expect(acHasReply('pendiente')).toBe(false);
    expect(acHasReply(null)).toBe(false);
    expect(AC_RESULTS.every((s) => acHasReply(s))).toBe(true);
  });
});

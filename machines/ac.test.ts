import { describe, expect, it } from 'vitest';
import { AC_STATES, acHasReply, acMachine, type AcFollowUp, type AcState } from './ac.ts';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { AC_RESULTS, acCommands } from '#domain/acs';

const at = (value: AcState, followUp: AcFollowUp | null = null, isSigned = false) => ({
  value,
  context: { followUp, isSigned },
});
const sign = { type: 'ac.sign', signerName: 'María Soto' } as const;

describe('AC machine', () => {
  it('docs/product.md §4: generated paths walk every AC state and transition', async () => {
    const report = await walkModel(acMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: acCommands,
      events: [
        { type: 'ac.reject', reason: 'El propietario no firma: persiste la humedad' },
        { type: 'ac.reject', reason: '  ' },
        sign,
        { type: 'ac.sign', signerName: ' ' },
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
        context: { followUp: 'reinspeccion', isSigned: false },
        actions: ['createInspectionOrder'],
      });
      expect(nextState(acMachine, at(from), { type: 'ac.markForWorkOrder' })).toEqual({
        ok: true,
        value: from,
        context: { followUp: 'orden_trabajo', isSigned: false },
        actions: ['createWorkOrder'],
      });
      expect(nextState(acMachine, at(from, 'reinspeccion'), { type: 'ac.markForWorkOrder' }).ok).toBe(false);
    }
    expect(nextState(acMachine, at('pendiente'), { type: 'ac.markForReinspection' }).ok).toBe(false);
    expect(nextState(acMachine, at('conforme'), { type: 'ac.markForWorkOrder' }).ok).toBe(false);
  });

  it('docs/product.md#ac-sign-off: an answered act (conforme or no conforme) is signed once, by a named signer', () => {
    for (const from of ['conforme', 'no_conforme'] as const) {
      expect(nextState(acMachine, at(from), sign)).toEqual({
        ok: true,
        value: from,
        context: { followUp: null, isSigned: true },
        actions: ['storeSignedAct'],
      });
      // Signed already: a second signature is refused (the API answers 409).
      expect(nextState(acMachine, at(from, null, true), sign).ok).toBe(false);
      expect(nextState(acMachine, at(from), { type: 'ac.sign', signerName: '  ' }).ok).toBe(false);
    }
    // Not answered yet, or refused by the owner: nothing to sign.
    expect(nextState(acMachine, at('pendiente'), sign).ok).toBe(false);
    expect(nextState(acMachine, at('rechazada'), sign).ok).toBe(false);
    // Signing does not close the follow-up of a non-conforming act, nor the other way round.
    expect(nextState(acMachine, at('no_conforme', null, true), { type: 'ac.markForWorkOrder' })).toMatchObject({
      ok: true,
      context: { followUp: 'orden_trabajo', isSigned: true },
    });
    expect(nextState(acMachine, at('no_conforme', 'reinspeccion'), sign)).toMatchObject({
      ok: true,
      context: { followUp: 'reinspeccion', isSigned: true },
    });
  });

  it('acHasReply: any state but pendiente is a reply (the fact failure.reopen needs)', () => {
    expect(acHasReply('pendiente')).toBe(false);
    expect(acHasReply(null)).toBe(false);
    expect(AC_RESULTS.every((s) => acHasReply(s))).toBe(true);
  });
});

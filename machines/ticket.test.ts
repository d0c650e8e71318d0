import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { TICKET_STATES, TICKET_STATE_LETTER, ticketMachine, type TicketState, type TicketWorkingState } from './ticket.ts';

const at = (value: TicketState, previousState: TicketWorkingState | null = null) => ({ value, context: { previousState } });

describe('ticket machine', () => {
  it('docs/product.md §4: generated paths walk every ticket state and transition', async () => {
    const report = await walkModel(ticketMachine, {
      events: [
        { type: 'ticket.close', justification: 'Trabajos terminados' },
        { type: 'ticket.close', justification: '   ' },
        { type: 'ticket.markNotApplicable', justification: 'No corresponde a garantía' },
        { type: 'ticket.markNotApplicable', justification: '' },
        { type: 'ticket.resolve', pendingFailureCount: 0 },
        { type: 'ticket.resolve', pendingFailureCount: 2 },
        { type: 'ticket.saveAs', state: 'abierta' },
        { type: 'ticket.saveAs', state: 'en_proceso' },
        { type: 'ticket.saveAs', state: 'finalizada' },
        { type: 'ticket.merge', intoTicketId: 42 },
        { type: 'ticket.merge', intoTicketId: 0 },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.walked).toBe(report.total);
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(ticketMachine.root.states).sort()).toEqual([...TICKET_STATES].sort());
  });

  it('docs/product.md §4: state tag letters N, A, P, F and a dark P for postponed', () => {
    expect(TICKET_STATE_LETTER).toEqual({
      nueva: { letter: 'N', isDark: false },
      abierta: { letter: 'A', isDark: false },
      en_proceso: { letter: 'P', isDark: false },
      finalizada: { letter: 'F', isDark: false },
      postergada: { letter: 'P', isDark: true },
    });
  });

  it('docs/product.md §5: closing without a justification is refused; with one it removes pending failures (docs/product.md §4)', () => {
    for (const justification of ['', '   ', '\n\t']) {
      expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.close', justification }).ok).toBe(false);
    }
    expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.close', justification: 'Se reparó la filtración' })).toEqual({
      ok: true, value: 'finalizada', context: { previousState: null }, actions: ['removePendingFailures'],
    });
  });

  it('docs/product.md §4: postponing remembers the state and un-postponing returns to it', () => {
    for (const from of ['nueva', 'abierta', 'en_proceso'] as const) {
      const postponed = nextState(ticketMachine, at(from), { type: 'ticket.postpone' });
      expect(postponed).toMatchObject({ ok: true, value: 'postergada', context: { previousState: from } });
      if (!postponed.ok) continue;
      expect(nextState(ticketMachine, postponed, { type: 'ticket.unpostpone' })).toMatchObject({ ok: true, value: from, context: { previousState: null } });
    }
  });

  it('a postponed ticket only un-postpones: closing it answers the 409 of docs/product.md §8', () => {
    const allowed = allowedEvents(ticketMachine, at('postergada', 'abierta'), [
      { type: 'ticket.close', justification: 'x' },
      { type: 'ticket.markNotApplicable', justification: 'x' },
      { type: 'ticket.merge', intoTicketId: 2 },
      { type: 'ticket.resolve', pendingFailureCount: 0 },
      { type: 'ticket.postpone' },
      { type: 'ticket.unpostpone' },
    ]);
    expect(allowed).toEqual(['ticket.unpostpone']);
    // Without the remembered state there is nowhere to go back to.
    expect(nextState(ticketMachine, at('postergada', null), { type: 'ticket.unpostpone' }).ok).toBe(false);
  });

  it('docs/product.md §4: reopening brings finalizada, resuelta and no_aplica back to abierta; fusionada is final', () => {
    for (const from of ['finalizada', 'resuelta', 'no_aplica'] as const) {
      expect(nextState(ticketMachine, at(from), { type: 'ticket.reopen' })).toMatchObject({ ok: true, value: 'abierta' });
    }
    expect(nextState(ticketMachine, at('fusionada'), { type: 'ticket.reopen' }).ok).toBe(false);
    expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.reopen' }).ok).toBe(false);
  });

  it('docs/product.md §4 "save as a different state": only abierta / en_proceso, and only from a working state', () => {
    expect(nextState(ticketMachine, at('nueva'), { type: 'ticket.saveAs', state: 'en_proceso' })).toMatchObject({ ok: true, value: 'en_proceso' });
    expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.saveAs', state: 'abierta' })).toMatchObject({ ok: true, value: 'abierta' });
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.saveAs', state: 'abierta' }).ok).toBe(false);
    for (const state of ['finalizada', 'postergada', 'resuelta', 'no_aplica', 'fusionada', 'nueva'] as const) {
      expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.saveAs', state }).ok).toBe(false);
    }
    expect(nextState(ticketMachine, at('finalizada'), { type: 'ticket.saveAs', state: 'abierta' }).ok).toBe(false);
  });

  it('resolving needs every failure dealt with; merging needs a target ticket', () => {
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.resolve', pendingFailureCount: 1 }).ok).toBe(false);
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.resolve', pendingFailureCount: 0 })).toMatchObject({ ok: true, value: 'resuelta' });
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.merge', intoTicketId: 0 }).ok).toBe(false);
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.merge', intoTicketId: 7 })).toEqual({
      ok: true, value: 'fusionada', context: { previousState: null }, actions: ['moveToMergeTarget'],
    });
  });
});

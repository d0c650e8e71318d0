import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { TICKET_CLOSED_STATES, TICKET_RESOLVED_STATES, ticketCommands } from '#domain/tickets';
import {
  TICKET_SAVE_AS_STATES,
  TICKET_STATES,
  TICKET_STATE_LETTER,
  TICKET_WORKING_STATES,
  isReadyToResolve,
  ticketMachine,
  type TicketState,
  type TicketWorkingState,
} from './ticket.ts';

const at = (value: TicketState, previousState: TicketWorkingState | null = null) => ({
  value,
  context: { previousState },
});

describe('ticket machine', () => {
  it('docs/product.md §4: generated paths walk every ticket state and transition', async () => {
    const report = await walkModel(ticketMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: ticketCommands,
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
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
    expect(report.walked).toBe(report.total);
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(ticketMachine.root.states).sort()).toEqual([...TICKET_STATES].sort());
  });

  it("the contract's derived state lists (domain/tickets.ts) say what the machine does", () => {
    const handling = (type: string) => TICKET_STATES.filter((s) => ticketMachine.root.states[s].transitions.has(type));
    expect(TICKET_WORKING_STATES).toEqual(handling('ticket.postpone'));
    expect([...TICKET_RESOLVED_STATES].sort()).toEqual(handling('ticket.reopen').sort());
    const saveAsTargets = TICKET_STATES.flatMap((s) =>
      (ticketMachine.root.states[s].transitions.get('ticket.saveAs') ?? [])
        .flatMap((t) => t.target ?? [])
        .map((n) => n.key),
    );
    expect([...new Set(saveAsTargets)].sort()).toEqual([...TICKET_SAVE_AS_STATES].sort());
    // Closed: nothing happens to the ticket but a reopen.
    for (const s of TICKET_CLOSED_STATES)
      expect(
        [...ticketMachine.root.states[s].transitions.keys()].filter((e) => e !== 'ticket.reopen'),
        s,
      ).toEqual([]);
  });

  it('docs/product.md §4: state tag letters N, A, P, F and a dark P with a pause mark for postponed', () => {
    expect(TICKET_STATE_LETTER).toEqual({
      nueva: { letter: 'N', isDark: false, mark: null },
      abierta: { letter: 'A', isDark: false, mark: null },
      en_proceso: { letter: 'P', isDark: false, mark: null },
      finalizada: { letter: 'F', isDark: false, mark: null },
      postergada: { letter: 'P', isDark: true, mark: 'pause' },
    });
  });

  it('docs/product.md §4 "The work moves the ticket": proposed for resolution only with all the work done and conforming', () => {
    const done = { total: 2, done: 2, awaitingConformity: 0 };
    const open = { state: 'en_proceso', previousState: null } as const;
    expect(isReadyToResolve(open, done)).toBe(true);
    expect(isReadyToResolve({ state: 'abierta', previousState: null }, done)).toBe(true);
    expect(isReadyToResolve(open, { ...done, done: 1 })).toBe(false);
    expect(isReadyToResolve(open, { ...done, awaitingConformity: 1 })).toBe(false);
    expect(isReadyToResolve(open, { total: 0, done: 0, awaitingConformity: 0 })).toBe(false);
    // Where the machine would not resolve (new, postponed, already resolved), nothing is proposed.
    for (const state of ['nueva', 'postergada', 'resuelta', 'finalizada'] as const)
      expect(isReadyToResolve({ state, previousState: state === 'postergada' ? 'en_proceso' : null }, done)).toBe(
        false,
      );
  });

  it('docs/product.md §5: closing without a justification is refused; with one it removes pending failures (docs/product.md §4)', () => {
    for (const justification of ['', '   ', '\n\t']) {
      expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.close', justification }).ok).toBe(false);
    }
    expect(
      nextState(ticketMachine, at('en_proceso'), { type: 'ticket.close', justification: 'Se reparó la filtración' }),
    ).toEqual({
      ok: true,
      value: 'finalizada',
      context: { previousState: null },
      actions: ['removePendingFailures'],
    });
  });

  it('docs/product.md §4: postponing remembers the state and un-postponing returns to it', () => {
    for (const from of TICKET_WORKING_STATES) {
      const postponed = nextState(ticketMachine, at(from), { type: 'ticket.postpone' });
      expect(postponed).toMatchObject({ ok: true, value: 'postergada', context: { previousState: from } });
      if (!postponed.ok) continue;
      expect(nextState(ticketMachine, postponed, { type: 'ticket.unpostpone' })).toMatchObject({
        ok: true,
        value: from,
        context: { previousState: null },
      });
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
      expect(nextState(ticketMachine, at(from), { type: 'ticket.reopen' })).toMatchObject({
        ok: true,
        value: 'abierta',
      });
    }
    expect(nextState(ticketMachine, at('fusionada'), { type: 'ticket.reopen' }).ok).toBe(false);
    expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.reopen' }).ok).toBe(false);
  });

  it('docs/product.md §4 "save as a different state": only abierta / en_proceso, and only from a working state', () => {
    expect(nextState(ticketMachine, at('nueva'), { type: 'ticket.saveAs', state: 'en_proceso' })).toMatchObject({
      ok: true,
      value: 'en_proceso',
    });
    expect(nextState(ticketMachine, at('en_proceso'), { type: 'ticket.saveAs', state: 'abierta' })).toMatchObject({
      ok: true,
      value: 'abierta',
    });
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.saveAs', state: 'abierta' }).ok).toBe(false);
    for (const state of ['finalizada', 'postergada', 'resuelta', 'no_aplica', 'fusionada', 'nueva'] as const) {
      expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.saveAs', state }).ok).toBe(false);
    }
    expect(nextState(ticketMachine, at('finalizada'), { type: 'ticket.saveAs', state: 'abierta' }).ok).toBe(false);
  });

  it('resolving needs every failure dealt with; merging needs a target ticket', () => {
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.resolve', pendingFailureCount: 1 }).ok).toBe(false);
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.resolve', pendingFailureCount: 0 })).toMatchObject({
      ok: true,
      value: 'resuelta',
    });
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.merge', intoTicketId: 0 }).ok).toBe(false);
    expect(nextState(ticketMachine, at('abierta'), { type: 'ticket.merge', intoTicketId: 7 })).toEqual({
      ok: true,
      value: 'fusionada',
      context: { previousState: null },
      actions: ['moveToMergeTarget'],
    });
  });
});

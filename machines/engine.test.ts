import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { allowedEvents, canSend, initialState, nextState } from './engine.ts';
import { orderMachine } from './order.ts';
import { ticketMachine } from './ticket.ts';
import { userMachine } from './user.ts';

describe('engine (docs/architecture.md §5: one answer for server commands and client buttons)', () => {
  it('initialState gives the stored shape of a new entity', () => {
    expect(initialState(ticketMachine)).toEqual({ value: 'nueva', context: { previousState: null } });
    expect(
      initialState(orderMachine, { startAt: '2030-01-01T10:00:00Z', endAt: '2030-01-01T11:00:00Z' }).context.startAt,
    ).toBe('2030-01-01T10:00:00Z');
    expect(initialState(userMachine).value).toEqual({
      cuenta: 'activo',
      correo: 'sin_verificar',
      firma: 'sin_verificar',
    });
  });

  it('nextState applies context updates and lists the named effects to run (docs/product.md §4 closing)', () => {
    const result = nextState(
      ticketMachine,
      { value: 'abierta', context: { previousState: null } },
      { type: 'ticket.close', justification: 'Reparado' },
    );
    expect(result).toEqual({
      ok: true,
      value: 'finalizada',
      context: { previousState: null },
      actions: ['removePendingFailures'],
    });
  });

  it('nextState answers ok:false for an event the state does not handle or a guard refuses', () => {
    const postponed = { value: 'postergada', context: { previousState: 'abierta' } } as const;
    expect(nextState(ticketMachine, postponed, { type: 'ticket.close', justification: 'x' })).toEqual({ ok: false });
    expect(
      nextState(
        ticketMachine,
        { value: 'abierta', context: { previousState: null } },
        { type: 'ticket.close', justification: ' ' },
      ),
    ).toEqual({ ok: false });
  });

  it('works from a stored {value, context} read back from JSON, as the server keeps it', () => {
    const stored = JSON.parse(JSON.stringify({ value: 'postergada', context: { previousState: 'en_proceso' } }));
    expect(nextState(ticketMachine, stored, { type: 'ticket.unpostpone' })).toMatchObject({
      ok: true,
      value: 'en_proceso',
      context: { previousState: null },
    });
  });

  it('throws on a value that is not a state of the machine (corrupt data is not a refusal)', () => {
    expect(() =>
      nextState(
        ticketMachine,
        { value: 'cerrada' as never, context: { previousState: null } },
        { type: 'ticket.reopen' },
      ),
    ).toThrow();
  });

  it('allowedEvents keeps candidate order, drops repeats and refused ones', () => {
    const open = { value: 'abierta', context: { previousState: null } } as const;
    const allowed = allowedEvents(ticketMachine, open, [
      { type: 'ticket.reopen' },
      { type: 'ticket.saveAs', state: 'abierta' },
      { type: 'ticket.saveAs', state: 'en_proceso' },
      { type: 'ticket.close', justification: '(se pide al confirmar)' },
      { type: 'ticket.postpone' },
      { type: 'ticket.postpone' },
    ]);
    expect(allowed).toEqual(['ticket.saveAs', 'ticket.close', 'ticket.postpone']);
  });

  it('allowedEvents and canSend agree with nextState for every candidate', () => {
    const confirmed = {
      value: 'confirmada',
      context: { startAt: '2030-03-10T12:00:00Z', endAt: '2030-03-10T13:00:00Z' },
    } as const;
    const candidates = [
      { type: 'order.manage' },
      { type: 'order.finish' },
      { type: 'order.confirm', by: 'owner', now: '2030-03-01T12:00:00Z', confirmationDeadlineHours: 24 },
      { type: 'order.reject', by: 'owner', now: '2030-03-10T11:30:00Z', confirmationDeadlineHours: 24 },
      { type: 'order.reject', by: 'owner', now: '2030-03-08T11:30:00Z', confirmationDeadlineHours: 24 },
    ] as const;
    const allowed = allowedEvents(orderMachine, confirmed, candidates);
    expect(allowed).toEqual(['order.manage', 'order.finish', 'order.reject']);
    for (const candidate of candidates)
      expect(canSend(orderMachine, confirmed, candidate)).toBe(nextState(orderMachine, confirmed, candidate).ok);
  });

  it('handles parallel machines: the value is an object', () => {
    const current = initialState(userMachine);
    const result = nextState(userMachine, current, { type: 'user.verifyEmail' });
    expect(result).toMatchObject({
      ok: true,
      value: { cuenta: 'activo', correo: 'verificado', firma: 'sin_verificar' },
    });
  });
});

describe('machine inputs', () => {
  it('machines whose context has defaults start without an input; an input seeds the context', () => {
    const actor = createActor(ticketMachine).start();
    expect(actor.getSnapshot().value).toBe('nueva');
    actor.stop();
    const seeded = createActor(orderMachine, { input: { startAt: '2030-01-01T10:00:00Z' } }).start();
    expect(seeded.getSnapshot().context).toEqual({ startAt: '2030-01-01T10:00:00Z', endAt: null });
    seeded.stop();
  });
});

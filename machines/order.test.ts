import { describe, expect, it } from 'vitest';
import { allowedEvents, nextState } from './engine.ts';
import {
  ORDER_STATES,
  TICKET_STATES_FORBIDDING_SCHEDULE_EDIT,
  isScheduleEditable,
  orderMachine,
  type OrderState,
} from './order.ts';
import { walkModel } from './testing/coverage.ts';
import { orderCommands } from '#domain/orders';
import { TICKET_STATES } from './ticket.ts';

const START = '2030-03-10T12:00:00.000Z';
const END = '2030-03-10T13:00:00.000Z';
const at = (value: OrderState, startAt: string | null = START, endAt: string | null = END) => ({
  value,
  context: { startAt, endAt },
});
const editable = { ticketState: 'abierta', hasManagedFailure: false } as const;
const answer = (by: 'owner' | 'staff', now: string) => ({ by, now, confirmationDeadlineHours: 24 }) as const;

describe('order machine (OI / OT)', () => {
  it('docs/product.md §4: generated paths walk every order state and transition', async () => {
    const report = await walkModel(orderMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: orderCommands,
      events: [
        { type: 'order.schedule', startAt: START, endAt: END, ...editable },
        { type: 'order.schedule', startAt: START, endAt: END, ticketState: 'postergada', hasManagedFailure: false },
        { type: 'order.schedule', startAt: END, endAt: START, ...editable },
        {
          type: 'order.reschedule',
          startAt: '2030-03-12T12:00:00.000Z',
          endAt: '2030-03-12T14:00:00.000Z',
          ...editable,
        },
        { type: 'order.reschedule', startAt: START, endAt: END, ticketState: 'abierta', hasManagedFailure: true },
        { type: 'order.unschedule', ...editable },
        { type: 'order.unschedule', ticketState: 'finalizada', hasManagedFailure: false },
        { type: 'order.confirm', ...answer('owner', '2030-03-01T09:00:00.000Z') },
        { type: 'order.confirm', ...answer('owner', '2030-03-10T11:00:00.000Z') },
        { type: 'order.confirm', ...answer('staff', '2030-03-10T11:00:00.000Z') },
        { type: 'order.reject', ...answer('owner', '2030-03-01T09:00:00.000Z') },
        { type: 'order.reject', ...answer('owner', '2030-03-10T11:00:00.000Z') },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(orderMachine.root.states).sort()).toEqual([...ORDER_STATES].sort());
  });

  it('docs/product.md §4: creada → agendada → confirmada → gestionada → finalizada', () => {
    const scheduled = nextState(orderMachine, at('creada', null, null), {
      type: 'order.schedule',
      startAt: START,
      endAt: END,
      ...editable,
    });
    expect(scheduled).toEqual({
      ok: true,
      value: 'agendada',
      context: { startAt: START, endAt: END },
      actions: ['notifyOwner'],
    });
    expect(
      nextState(orderMachine, at('agendada'), { type: 'order.confirm', ...answer('owner', '2030-03-01T00:00:00Z') }),
    ).toMatchObject({ ok: true, value: 'confirmada', actions: ['notifyResponsible'] });
    expect(nextState(orderMachine, at('confirmada'), { type: 'order.manage' })).toMatchObject({
      ok: true,
      value: 'gestionada',
    });
    expect(nextState(orderMachine, at('gestionada'), { type: 'order.finish' })).toMatchObject({
      ok: true,
      value: 'finalizada',
    });
    expect(nextState(orderMachine, at('agendada'), { type: 'order.manage' }).ok).toBe(false);
  });

  it('docs/product.md §5: an order needs a schedule (a start and a later end)', () => {
    const base = { type: 'order.schedule', ...editable } as const;
    expect(nextState(orderMachine, at('creada', null, null), { ...base, startAt: '', endAt: END }).ok).toBe(false);
    expect(nextState(orderMachine, at('creada', null, null), { ...base, startAt: END, endAt: START }).ok).toBe(false);
    expect(nextState(orderMachine, at('creada', null, null), { ...base, startAt: START, endAt: START }).ok).toBe(false);
    expect(nextState(orderMachine, at('creada', null, null), { ...base, startAt: 'mañana', endAt: END }).ok).toBe(
      false,
    );
  });

  it('docs/product.md §4: owners confirm or reject until the configured time before the start (inclusive), staff any time', () => {
    // 24 h before START is 2030-03-09T12:00Z.
    const confirm = (by: 'owner' | 'staff', now: string) =>
      nextState(orderMachine, at('agendada'), { type: 'order.confirm', ...answer(by, now) }).ok;
    expect(confirm('owner', '2030-03-09T11:59:59.000Z')).toBe(true);
    expect(confirm('owner', '2030-03-09T12:00:00.000Z')).toBe(true);
    expect(confirm('owner', '2030-03-09T12:00:01.000Z')).toBe(false);
    expect(confirm('staff', '2030-03-10T11:00:00.000Z')).toBe(true);
    const reject = (value: OrderState, now: string) =>
      nextState(orderMachine, at(value), { type: 'order.reject', ...answer('owner', now) });
    expect(reject('agendada', '2030-03-09T13:00:00.000Z').ok).toBe(false);
    expect(reject('confirmada', '2030-03-08T10:00:00.000Z')).toMatchObject({ ok: true, value: 'cancelada' });
    expect(reject('confirmada', '2030-03-10T10:00:00.000Z').ok).toBe(false);
    // Without a schedule there is no deadline to be before.
    expect(
      nextState(orderMachine, at('agendada', null, null), {
        type: 'order.confirm',
        ...answer('owner', '2030-03-01T00:00:00Z'),
      }).ok,
    ).toBe(false);
  });

  it('docs/product.md §4: the schedule cannot be edited or deleted once a failure is managed', () => {
    const facts = { ticketState: 'en_proceso', hasManagedFailure: true } as const;
    expect(
      nextState(orderMachine, at('agendada'), { type: 'order.reschedule', startAt: START, endAt: END, ...facts }).ok,
    ).toBe(false);
    expect(nextState(orderMachine, at('agendada'), { type: 'order.unschedule', ...facts }).ok).toBe(false);
    expect(
      nextState(orderMachine, at('creada', null, null), {
        type: 'order.schedule',
        startAt: START,
        endAt: END,
        ...facts,
      }).ok,
    ).toBe(false);
  });

  it('docs/product.md §4: nor while the ticket is finalizada, no_aplica, fusionada or postergada', () => {
    expect([...TICKET_STATES_FORBIDDING_SCHEDULE_EDIT].sort()).toEqual([
      'finalizada',
      'fusionada',
      'no_aplica',
      'postergada',
    ]);
    for (const ticketState of TICKET_STATES) {
      const expected = !(TICKET_STATES_FORBIDDING_SCHEDULE_EDIT as readonly string[]).includes(ticketState);
      expect(isScheduleEditable({ ticketState, hasManagedFailure: false })).toBe(expected);
      const result = nextState(orderMachine, at('agendada'), {
        type: 'order.reschedule',
        startAt: START,
        endAt: END,
        ticketState,
        hasManagedFailure: false,
      });
      expect(result.ok, ticketState).toBe(expected);
    }
  });

  it('rescheduling a confirmed or cancelled order asks the owner again; a finished order is final', () => {
    const reschedule = {
      type: 'order.reschedule',
      startAt: '2030-04-01T12:00:00Z',
      endAt: '2030-04-01T13:00:00Z',
      ...editable,
    } as const;
    expect(nextState(orderMachine, at('confirmada'), reschedule)).toMatchObject({
      ok: true,
      value: 'agendada',
      actions: ['notifyOwner'],
    });
    expect(nextState(orderMachine, at('cancelada'), reschedule)).toMatchObject({
      ok: true,
      value: 'agendada',
      context: { startAt: '2030-04-01T12:00:00Z' },
    });
    expect(
      allowedEvents(orderMachine, at('finalizada'), [reschedule, { type: 'order.cancel' }, { type: 'order.manage' }]),
    ).toEqual([]);
  });
});

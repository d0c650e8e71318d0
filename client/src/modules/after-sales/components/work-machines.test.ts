import { describe, expect, it } from 'vitest';
import { FAILURE_STATES } from '#machines/failure';
import { ORDER_STATES } from '#machines/order';
import { TICKET_STATES } from '#machines/ticket';
import { isTicketWorking } from './ticket-machine.ts';
import {
  acEventsAllowed,
  failureEventsAllowed,
  isFailurePending,
  isFailureSolved,
  isOrderOpen,
  orderEventsAllowed,
} from './work-machines.ts';

const failure = (state: string, acState: 'pendiente' | 'conforme' | null = null, marked = false) =>
  ({
    state,
    reentered_count: 0,
    marked_to_owner_at: marked ? '2026-11-01T00:00:00Z' : null,
    ac: acState ? { id: 1, code: 'AC-1', state: acState } : null,
  }) as Parameters<typeof failureEventsAllowed>[0];

describe('failure actions from the failure machine (docs/product.md §4)', () => {
  it('a pending failure takes any outcome, can be closed as not applicable and marked to the owner once', () => {
    expect(failureEventsAllowed(failure('pendiente'))).toEqual([
      'failure.comply',
      'failure.fail',
      'failure.markNotApplicable',
      'failure.solve',
      'failure.solveInAfterSales',
      'failure.markToOwner',
    ]);
    expect(failureEventsAllowed(failure('pendiente', null, true))).not.toContain('failure.markToOwner');
  });

  it('a solved failure reopens only while its AC has no reply, and is re-entered once the owner answered', () => {
    expect(failureEventsAllowed(failure('solucionada', 'pendiente'))).toEqual(['failure.reopen']);
    expect(failureEventsAllowed(failure('solucionada', 'conforme'))).toEqual(['failure.reenter']);
  });
});

describe('order and AC actions', () => {
  const order = (state: string, editable = true) =>
    ({
      state,
      start_at: '2026-11-23T10:00:00Z',
      end_at: '2026-11-23T11:00:00Z',
      is_schedule_editable: editable,
    }) as Parameters<typeof orderEventsAllowed>[0];

  it('a scheduled visit can be confirmed, rejected, moved, unscheduled or cancelled; not once a failure is managed', () => {
    expect(orderEventsAllowed(order('agendada'))).toEqual([
      'order.reschedule',
      'order.unschedule',
      'order.confirm',
      'order.reject',
      'order.cancel',
    ]);
    expect(orderEventsAllowed(order('agendada', false))).toEqual(['order.confirm', 'order.reject', 'order.cancel']);
    expect(orderEventsAllowed(order('confirmada'))).toContain('order.manage');
    expect(orderEventsAllowed(order('finalizada'))).toEqual([]);
  });

  it('an AC is answered once; a non-conforming one then goes to re-inspection or a work order, once', () => {
    const unsigned = { signed_at: null };
    expect(acEventsAllowed({ state: 'pendiente', follow_up: null, ...unsigned })).toEqual([
      'ac.approve',
      'ac.disapprove',
      'ac.reject',
    ]);
    expect(acEventsAllowed({ state: 'no_conforme', follow_up: null, ...unsigned })).toEqual([
      'ac.markForReinspection',
      'ac.markForWorkOrder',
      'ac.sign',
    ]);
    expect(acEventsAllowed({ state: 'no_conforme', follow_up: 'reinspeccion', ...unsigned })).toEqual(['ac.sign']);
    expect(acEventsAllowed({ state: 'conforme', follow_up: null, ...unsigned })).toEqual(['ac.sign']);
  });

  it('docs/product.md#ac-sign-off: an answered act (not a rejected one) is signed once', () => {
    const signed = { signed_at: '2026-03-02T14:00:00.000Z' };
    expect(acEventsAllowed({ state: 'conforme', follow_up: null, ...signed })).toEqual([]);
    expect(acEventsAllowed({ state: 'rechazada', follow_up: null, signed_at: null })).not.toContain('ac.sign');
  });
});

describe('what the screens ask the machines instead of writing state lists', () => {
  it('an order is open while it can still be cancelled: created, scheduled or confirmed', () => {
    const open = ORDER_STATES.filter((state) =>
      isOrderOpen(orderEventsAllowed({ state, start_at: null, end_at: null, is_schedule_editable: true })),
    );
    expect(open).toEqual(['creada', 'agendada', 'confirmada']);
  });

  it("a failure is solved when an owner's answer can send it back: solved, or solved in after-sales", () => {
    expect(FAILURE_STATES.filter((state) => isFailureSolved(failure(state)))).toEqual([
      'solucionada',
      'solucionada_postventa',
    ]);
    expect(FAILURE_STATES.filter(isFailurePending)).toEqual(['pendiente', 'falla']);
  });

  it('a ticket is worked while new, open or in progress', () => {
    expect(TICKET_STATES.filter(isTicketWorking)).toEqual(['nueva', 'abierta', 'en_proceso']);
  });
});

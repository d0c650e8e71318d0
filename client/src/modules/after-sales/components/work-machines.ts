import { acHasReply, acMachine, type AcEvent, type AcEventType, type AcState } from '#machines/ac';
import { allowedEvents } from '#machines/engine';
import {
  FAILURE_PENDING_STATES,
  failureMachine,
  type FailureEvent,
  type FailureEventType,
  type FailureState,
} from '#machines/failure';
import {
  orderMachine,
  type OrderEvent,
  type OrderEventType,
  type OrderState,
  type ScheduleFacts,
} from '#machines/order';
import type { AcView, FailureView, OrderView } from '../api/types.ts';

const safe = <T>(fn: () => T[]): T[] => {
  try {
    return fn();
  } catch {
    return [];
  }
};

/** The failure events its machine accepts now (docs/product.md §4 outcomes, reopen only while its AC has no reply, mark to owner, re-enter). */
export function failureEventsAllowed(
  f: Pick<FailureView, 'state' | 'reentered_count' | 'marked_to_owner_at' | 'ac'>,
): FailureEventType[] {
  const replied = acHasReply(f.ac?.state ?? null);
  const candidates: FailureEvent[] = [
    { type: 'failure.comply' },
    { type: 'failure.fail' },
    { type: 'failure.markNotApplicable' },
    { type: 'failure.solve' },
    { type: 'failure.solveInAfterSales' },
    { type: 'failure.reopen', acHasReply: replied },
    { type: 'failure.reenter', acHasReply: replied },
    { type: 'failure.markToOwner' },
  ];
  return safe(() =>
    allowedEvents(
      failureMachine,
      {
        value: f.state,
        context: { reenteredCount: f.reentered_count, isMarkedToOwner: Boolean(f.marked_to_owner_at) },
      },
      candidates,
    ),
  );
}

/** Still to deal with (pendiente, falla): what an order can cover (the API refuses others) and what blocks resolving. */
export const isFailurePending = (state: FailureState): boolean =>
  (FAILURE_PENDING_STATES as readonly FailureState[]).includes(state);

/**
 * Solved (solucionada, solucionada_postventa): the states from which an owner's answer to the AC can send a
 * failure back (re-enter). Solved failures without an AC can be put to the owner in a new one.
 */
export function isFailureSolved(f: Pick<FailureView, 'state' | 'reentered_count' | 'marked_to_owner_at'>): boolean {
  return (
    safe(() =>
      allowedEvents(
        failureMachine,
        {
          value: f.state,
          context: { reenteredCount: f.reentered_count, isMarkedToOwner: Boolean(f.marked_to_owner_at) },
        },
        [{ type: 'failure.reenter', acHasReply: true }],
      ),
    ).length > 0
  );
}

/** Outcome → failure event (docs/product.md §4 Failure outcomes). */
export const OUTCOME_EVENTS = {
  cumple: 'failure.comply',
  falla: 'failure.fail',
  no_aplica: 'failure.markNotApplicable',
  solucionada: 'failure.solve',
  solucionada_postventa: 'failure.solveInAfterSales',
} as const satisfies Record<string, FailureEventType>;

/**
 * The order events its machine accepts now. Schedule facts come from the server's answer
 * (is_schedule_editable: a managed failure or a closed/merged/postponed ticket forbids edits, docs/product.md §4);
 * the probe dates stand for the date the user is about to pick.
 */
export function orderEventsAllowed(
  o: Pick<OrderView, 'state' | 'start_at' | 'end_at' | 'is_schedule_editable'>,
  now = new Date(),
): OrderEventType[] {
  const facts: ScheduleFacts = o.is_schedule_editable
    ? { ticketState: 'abierta', hasManagedFailure: false }
    : { ticketState: 'abierta', hasManagedFailure: true };
  const probe = { startAt: '2100-01-01T10:00:00.000Z', endAt: '2100-01-01T11:00:00.000Z' };
  const staff = { by: 'staff' as const, now: now.toISOString(), confirmationDeadlineHours: 0 };
  const candidates: OrderEvent[] = [
    { type: 'order.schedule', ...probe, ...facts },
    { type: 'order.reschedule', ...probe, ...facts },
    { type: 'order.unschedule', ...facts },
    { type: 'order.confirm', ...staff },
    { type: 'order.reject', ...staff },
    { type: 'order.cancel' },
    { type: 'order.manage' },
    { type: 'order.finish' },
  ];
  return safe(() =>
    allowedEvents(
      orderMachine,
      { value: o.state as OrderState, context: { startAt: o.start_at, endAt: o.end_at } },
      candidates,
    ),
  );
}

/**
 * An order is still to be carried out (creada, agendada, confirmada) while its machine lets it be
 * cancelled; managed, finished and cancelled ones are done. `allowed` is orderEventsAllowed's answer.
 */
export const isOrderOpen = (allowed: readonly OrderEventType[]): boolean => allowed.includes('order.cancel');

/** Whether a (re)schedule to these dates would pass the order machine: what the agenda asks before a drop. */
export function canReschedule(
  o: Pick<OrderView, 'state' | 'start_at' | 'end_at' | 'is_schedule_editable'>,
  startAt: string,
  endAt: string,
): boolean {
  const facts: ScheduleFacts = o.is_schedule_editable
    ? { ticketState: 'abierta', hasManagedFailure: false }
    : { ticketState: 'abierta', hasManagedFailure: true };
  const type = o.state === 'creada' ? 'order.schedule' : 'order.reschedule';
  return (
    safe(() =>
      allowedEvents(orderMachine, { value: o.state as OrderState, context: { startAt: o.start_at, endAt: o.end_at } }, [
        { type, startAt, endAt, ...facts },
      ]),
    ).length > 0
  );
}

/**
 * The AC events its machine accepts now (docs/product.md §4 AC: pending → conforming, non-conforming, rejected;
 * then re-inspection or work order; an answered act is signed once, docs/product.md#ac-sign-off).
 */
export function acEventsAllowed(a: Pick<AcView, 'state' | 'follow_up' | 'signed_at'>): AcEventType[] {
  const candidates: AcEvent[] = [
    { type: 'ac.approve' },
    { type: 'ac.disapprove' },
    { type: 'ac.reject', reason: 'x' },
    { type: 'ac.markForReinspection' },
    { type: 'ac.markForWorkOrder' },
    { type: 'ac.sign', signerName: 'x' },
  ];
  const context = { followUp: a.follow_up, isSigned: a.signed_at !== null };
  return safe(() => allowedEvents(acMachine, { value: a.state as AcState, context }, candidates));
}

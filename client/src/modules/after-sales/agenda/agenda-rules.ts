import type { TFunction } from 'i18next';
import { allowedEvents } from '#machines/engine';
import {
  orderMachine,
  TICKET_STATES_FORBIDDING_SCHEDULE_EDIT,
  type OrderEvent,
  type OrderState,
} from '#machines/order';
import type { TicketState } from '#machines/ticket';
import type { AgendaEvent } from '../api/types.ts';

/**
 * Overlapping visits of one responsible (docs/product.md#agenda): each event id → the ids it overlaps. The same
 * rule the API flags with, recomputed here so a visit moved on screen is flagged at once.
 */
export function overlapsOf(events: Pick<AgendaEvent, 'id' | 'start' | 'end' | 'responsible'>[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const byPerson = new Map<number, { id: number; start: number; end: number }[]>();
  for (const e of events) {
    if (!e.responsible) continue;
    const list = byPerson.get(e.responsible.id) ?? [];
    list.push({ id: e.id, start: Date.parse(e.start), end: Date.parse(e.end) });
    byPerson.set(e.responsible.id, list);
  }
  for (const list of byPerson.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length && list[j].start < list[i].end; j++) {
        out.set(list[i].id, [...(out.get(list[i].id) ?? []), list[j].id]);
        out.set(list[j].id, [...(out.get(list[j].id) ?? []), list[i].id]);
      }
    }
  }
  return out;
}

/**
 * Why a drop on the calendar is refused before asking the server, or null when the order machine
 * accepts the move. What the agenda knows is the order and its ticket state; a managed failure is
 * only known to the server, which then refuses with its own message.
 */
export function dropRefusal(
  event: Pick<AgendaEvent, 'state' | 'start' | 'end' | 'ticket'>,
  startAt: string,
  endAt: string,
  t: TFunction,
): string | null {
  const ticketState = event.ticket.state as TicketState;
  if ((TICKET_STATES_FORBIDDING_SCHEDULE_EDIT as readonly string[]).includes(ticketState)) {
    return t('after_sales_ui.agenda.refused_ticket', { state: t(`after_sales.states.${ticketState}`) });
  }
  const state = event.state as OrderState;
  const type = state === 'creada' ? 'order.schedule' : 'order.reschedule';
  const candidate = { type, startAt, endAt, ticketState, hasManagedFailure: false } as OrderEvent;
  let ok = false;
  try {
    ok =
      allowedEvents(orderMachine, { value: state, context: { startAt: event.start, endAt: event.end } }, [candidate])
        .length > 0;
  } catch {
    ok = false;
  }
  if (ok) return null;
  const lower = (s: string) => s.charAt(0).toLocaleLowerCase() + s.slice(1);
  return t('errors.transition_not_allowed', {
    action: lower(t(`machines.order.events.${type.slice(6)}`)),
    entity: lower(t('machines.order.entity')),
    state: t(`machines.order.states.${state}`),
  });
}

type Visit = Pick<AgendaEvent, 'id' | 'start' | 'end' | 'responsible'>;

/**
 * A responsible's availability around a visit (docs/product.md#agenda): their other visits that local day, and
 * which of those overlap [start, end). `excludeId` is the visit being moved.
 */
export function availabilityOf<T extends Visit>(
  visits: readonly T[],
  responsibleId: number | null | undefined,
  start: Date,
  end: Date,
  excludeId?: number,
): { sameDay: T[]; overlapping: T[] } {
  if (responsibleId == null) return { sameDay: [], overlapping: [] };
  const dayStart = new Date(start.getFullYear(), start.getMonth(), start.getDate()).getTime();
  const dayEnd = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1).getTime();
  const sameDay = visits
    .filter((v) => v.id !== excludeId && v.responsible?.id === responsibleId)
    .filter((v) => Date.parse(v.start) < dayEnd && Date.parse(v.end) > dayStart)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const overlapping = sameDay.filter((v) => Date.parse(v.start) < end.getTime() && Date.parse(v.end) > start.getTime());
  return { sameDay, overlapping };
}

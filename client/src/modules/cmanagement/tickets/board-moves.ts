import type { TFunction } from 'i18next';
import type { CmTicketRow } from '#domain/cmanagement-responses';
import { nextState } from '#machines/engine';
import { cmTicketMachine, cmTicketMoveEvent, type CmTicketEventType, type CmTicketState } from '#machines/cm-ticket';
import { ticketActionLabel, ticketStateName } from '../components/ticket-state.tsx';

/** What a drop of `ticket` on the column `to` does: send an event (block asks its reason first), or is refused. */
export type BoardMove =
  | { kind: 'none' }
  | { kind: 'send'; event: CmTicketEventType }
  | { kind: 'ask_reason'; event: 'cmTicket.block' }
  | { kind: 'refused'; message: string };

/**
 * The machine decides (machines/cm-ticket.ts): the event that leads there, if any, and whether its guard lets it
 * through with what the card knows (its open issues). The server checks the same again.
 */
export function boardMove(
  ticket: Pick<CmTicketRow, 'state' | 'open_issues'>,
  to: CmTicketState,
  t: TFunction,
): BoardMove {
  if (ticket.state === to) return { kind: 'none' };
  const event = cmTicketMoveEvent(ticket.state, to);
  if (!event)
    return {
      kind: 'refused',
      message: t('cmanagement_ui.board.no_path', {
        from: ticketStateName(t, ticket.state),
        to: ticketStateName(t, to),
      }),
    };
  if (event === 'cmTicket.block') return { kind: 'ask_reason', event };
  const stored = { value: ticket.state, context: { openIssues: ticket.open_issues } };
  if (!nextState(cmTicketMachine, stored, { type: event }).ok)
    return {
      kind: 'refused',
      message:
        event === 'cmTicket.resolve'
          ? t('cmanagement_ui.board.open_issues', { count: ticket.open_issues })
          : t('errors.transition_not_allowed', {
              action: ticketActionLabel(t, event).toLocaleLowerCase(),
              entity: t('machines.cmTicket.entity'),
              state: ticketStateName(t, ticket.state),
            }),
    };
  return { kind: 'send', event };
}

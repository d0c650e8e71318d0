import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CmTicketEventType, CmTicketState } from '#machines/cm-ticket';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** One colour per ticket state (the board's columns and the tags). */
export const CM_TICKET_STATE_COLORS: Record<CmTicketState, string> = {
  abierto: '#2b7bd6',
  en_curso: '#d97706',
  bloqueado: '#b91c1c',
  resuelto: '#15803d',
  cerrado: '#6b7280',
};

export const ticketStateName = (t: TFunction, state: CmTicketState) => t(`machines.cmTicket.states.${state}`);
/** 'cmTicket.start' → its button label. */
export const ticketActionLabel = (t: TFunction, event: CmTicketEventType) =>
  t(`cmanagement_ui.actions.${event.split('.')[1]}`);

export function CmTicketStateTag({ state, size }: { state: CmTicketState; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return <StateTag label={ticketStateName(t, state)} color={CM_TICKET_STATE_COLORS[state]} size={size} />;
}

import { PendingPage } from '../../../shared/layout/page-states.tsx';

/** Placeholder until the ticket screens land (docs/api.md, Cmanagement). */
export function TicketGeneralPage() {
  return <PendingPage />;
}

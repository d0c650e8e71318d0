import { PendingPage } from '../../../shared/layout/page-states.tsx';

/** Placeholder until the issues screens land (docs/api.md, Cmanagement). */
export function TicketIssuesPage() {
  return <PendingPage />;
}

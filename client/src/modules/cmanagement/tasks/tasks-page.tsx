import { PendingPage } from '../../../shared/layout/page-states.tsx';

/** Placeholder until the tasks screens land (docs/api.md, Cmanagement). */
export function TicketTasksPage() {
  return <PendingPage />;
}

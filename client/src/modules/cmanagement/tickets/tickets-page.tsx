import { PendingPage } from '../../../shared/layout/page-states.tsx';

/** Placeholder until the tickets screens land (docs/api.md, Cmanagement). */
export function TicketsPage() {
  return <PendingPage />;
}

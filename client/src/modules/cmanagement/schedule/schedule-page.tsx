import { PendingPage } from '../../../shared/layout/page-states.tsx';

/** Placeholder until the schedule screens land (docs/api.md, Cmanagement). */
export function SchedulePage() {
  return <PendingPage />;
}

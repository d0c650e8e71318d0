import { PendingPage } from '../../../shared/layout/page-states.tsx';

export function UsabilityPage() {
  return <PendingPage />;
}

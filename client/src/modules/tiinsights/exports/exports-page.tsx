import { PendingPage } from '../../../shared/layout/page-states.tsx';

export function ExportsPage() {
  return <PendingPage />;
}

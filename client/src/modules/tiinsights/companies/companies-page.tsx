import { PendingPage } from '../../../shared/layout/page-states.tsx';

export function CompaniesPage() {
  return <PendingPage />;
}

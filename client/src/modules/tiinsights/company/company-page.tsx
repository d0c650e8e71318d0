import { PendingPage } from '../../../shared/layout/page-states.tsx';

export function CompanyPage() {
  return <PendingPage />;
}

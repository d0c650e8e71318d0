import { PendingPage } from '../../shared/layout/page-states.tsx';

/** Config sections whose screens are built by later work (users, profiles, integrations…). */
export function ConfigPendingPage() {
  return <PendingPage />;
}

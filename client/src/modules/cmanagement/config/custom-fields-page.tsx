import { PendingPage } from '../../../shared/layout/page-states.tsx';

/** Placeholder until the config screens land (docs/api.md, Cmanagement). */
export function CustomFieldsConfigPage() {
  return <PendingPage />;
}

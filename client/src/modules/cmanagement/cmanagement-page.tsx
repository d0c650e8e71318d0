import { PendingPage } from '../../shared/layout/page-states.tsx';

/**
 * Every /cmanagement route (docs/product.md §2) renders this until the module's screens are built: the route exists
 * with its permission and default child and says honestly that nothing is configured yet.
 * Replace it per route in client/src/app/routes.tsx as the screens land.
 */
export function CmanagementPage() {
  return <PendingPage />;
}

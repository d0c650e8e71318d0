import { PendingPage } from '../../shared/layout/page-states.tsx';

/**
 * Every /quality route (docs/product.md §2) renders this until the module's screens are built: the route exists
 * with its permission and default child and says plainly that the module is not available in this version yet.
 * Replace it per route in client/src/app/routes.tsx as the screens land.
 */
export function QualityPage() {
  return <PendingPage />;
}

import { deferred } from '../../shared/layout/deferred.tsx';
import { useCan } from '../../api/session/auth-user.ts';
import { BellTriggerButton } from './notification-bell-trigger.tsx';

// The popover (Chakra's positioning, dismiss and focus code, ~20 KB) is fetched on first use, not
// with the page (docs/architecture.md §6, first-load weight): pointing at or focusing the bell starts the download.
const DeferredBell = deferred<object>(
  () => import('./notification-popover.tsx').then((m) => m.NotificationPopover),
  (props) => <BellTriggerButton {...props} />,
);

/**
 * The bell of the top bar (docs/product.md#notifications): the unread count and a popover with
 * the latest ones. Hidden without the permission to view notifications (docs/product.md §6).
 */
export function NotificationBell() {
  const allowed = useCan('ver_notificaciones');
  return allowed ? <DeferredBell /> : null;
}

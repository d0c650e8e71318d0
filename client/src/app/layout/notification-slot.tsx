import { lazy, Suspense } from 'react';
import { Box } from '@chakra-ui/react';
import { withTimeout } from '../../shared/lazy-page.tsx';

// The notifications module is its own chunk: the login page never loads it and the shell paints
// first (docs/architecture.md §6, first-load weight). The placeholder is the bell's size (a small
// icon button) so nothing moves.
const NotificationBell = lazy(() =>
  withTimeout(() => import('../../modules/notifications/bell.entry.ts')).then((m) => ({ default: m.NotificationBell })),
);

/** Top-bar slot for the notification bell (client/src/modules/notifications): count and latest ones. */
export function NotificationSlot() {
  return (
    <Suspense fallback={<Box w="9" h="9" flexShrink={0} aria-hidden />}>
      <NotificationBell />
    </Suspense>
  );
}

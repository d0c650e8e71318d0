import { lazy, Suspense } from 'react';
import { Box } from '@chakra-ui/react';
import { withTimeout } from '../../shared/lazy-page.tsx';

// The socket client is its own chunk: the login page never loads it and the shell paints first
// (docs/architecture.md §6, first-load weight). The placeholder keeps the dot's room on phones so
// nothing moves when it lands.
const ConnectionIndicator = lazy(() =>
  withTimeout(() => import('./connection-indicator.tsx')).then((m) => ({ default: m.ConnectionIndicator })),
);

/** Top-bar slot for the realtime connection state; it also keeps the session socket open. */
export function ConnectionSlot() {
  return (
    <Suspense fallback={<Box as="span" display="inline-block" w={{ base: '5', md: '0' }} aria-hidden />}>
      <ConnectionIndicator />
    </Suspense>
  );
}

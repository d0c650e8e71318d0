import { Badge, Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from './live-client.ts';
import { useConnectionState } from './live-sync-provider.tsx';

const PALETTE: Record<ConnectionState, string> = {
  connected: 'green',
  connecting: 'gray',
  reconnecting: 'orange',
  offline: 'red',
};

/**
 * The visible connection state of the live updates (docs/product.md §8). Connected shows a quiet dot with
 * its text for screen readers and on hover; any other state is spelled out, so a user watching a
 * board knows when it may be stale.
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const state = useConnectionState();
  const label = t(`realtime.state.${state}`);
  return (
    <Badge
      colorPalette={PALETTE[state]}
      variant="subtle"
      size="sm"
      title={t(`realtime.hint.${state}`)}
      aria-live="polite"
      data-testid="connection-badge"
      data-state={state}
      gap="1.5"
    >
      <Box as="span" w="2" h="2" borderRadius="full" bg="colorPalette.solid" aria-hidden="true" />
      <Box as="span" display={state === 'connected' ? { base: 'none', md: 'inline' } : 'inline'}>
        {label}
      </Box>
    </Badge>
  );
}

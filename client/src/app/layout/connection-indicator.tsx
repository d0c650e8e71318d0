import { ConnectionBadge } from '../../realtime/connection-badge.tsx';
import { LiveSession } from '../../realtime/live-sync-provider.tsx';
import { useAuthUser } from '../../api/session/auth-user.ts';

/**
 * The realtime connection state (docs/product.md §8). The top bar lives exactly as long as the signed-in
 * shell, so this also holds the session's one socket open (realtime/).
 */
export function ConnectionIndicator() {
  const { data: user } = useAuthUser();
  return (
    <>
      <LiveSession userId={user?.id} />
      <ConnectionBadge />
    </>
  );
}

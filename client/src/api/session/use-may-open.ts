import { mayOpen } from '../../shared/route-memory.ts';
import { permissionsOf, useAuthUser } from './auth-user.ts';

/**
 * Whether the signed-in user may open an in-app path (the route table's permissions): a link to a
 * screen they may not open (a deliveries-only user and an after-sales ticket) is shown as text.
 */
export function useMayOpen(): (path: string) => boolean {
  const { data: user } = useAuthUser();
  const permissions = permissionsOf(user);
  return (path) => mayOpen(path, permissions);
}

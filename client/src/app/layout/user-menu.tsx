import type { AuthUser } from '../../api/session/auth-user.ts';
import { deferred } from '../../shared/layout/deferred.tsx';
import { UserTriggerButton } from './user-menu-trigger.tsx';

/** The top bar's user menu: its button at once, the menu itself on first use. */
export const UserMenu = deferred<{ user: AuthUser }>(
  () => import('./user-menu-impl.tsx').then((m) => m.UserMenuImpl),
  (props) => <UserTriggerButton {...props} />,
);

import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Box, Float, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deferred, type DeferredTriggerProps } from '../../shared/layout/deferred.tsx';
import { useCan } from '../../shared/session/auth-user.ts';
import { unreadQuery } from './notifications-api.ts';

type TriggerProps = ComponentPropsWithoutRef<typeof IconButton> & Partial<DeferredTriggerProps>;

/** The bell button with the unread count (kept live by notification.* events); the popover wraps this same button. */
export const BellTriggerButton = forwardRef<HTMLButtonElement, TriggerProps>(function BellTriggerButton({ onActivate, onPreload, ...rest }, ref) {
  const { t } = useTranslation();
  const { data: unread = 0 } = useQuery(unreadQuery);
  const label = unread > 0 ? `${t('notifications.bell.label')}, ${t('notifications.bell.unread', { count: unread })}` : t('notifications.bell.label');
  return (
    <IconButton ref={ref} variant="ghost" size="sm" aria-label={label} aria-haspopup="dialog" data-testid="notification-bell" position="relative"
      onClick={onActivate} onPointerEnter={onPreload} onFocus={onPreload} {...rest}>
      <Bell />
      {unread > 0 ? (
        <Float placement="top-end" offset="2">
          <Box as="span" minW="4" h="4" px="1" borderRadius="full" bg="red.solid" color="white" textStyle="2xs" fontWeight="bold"
            display="grid" placeItems="center" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </Box>
        </Float>
      ) : null}
    </IconButton>
  );
});

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

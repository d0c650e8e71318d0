// The bell button on its own: the bell (notification-bell.tsx) and the popover fetched on first use
// (notification-popover.tsx) both import it, and neither imports the other.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Box, Float, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeferredTriggerProps } from '../../shared/layout/deferred.tsx';
import { unreadQuery } from './notifications-api.ts';

type TriggerProps = ComponentPropsWithoutRef<typeof IconButton> & Partial<DeferredTriggerProps>;

/** The bell button with the unread count (kept live by notification.* events); the popover wraps this same button. */
export const BellTriggerButton = forwardRef<HTMLButtonElement, TriggerProps>(function BellTriggerButton(
  { onActivate, onPreload, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const { data: unread = 0 } = useQuery(unreadQuery);
  const label =
    unread > 0
      ? `${t('notifications.bell.label')}, ${t('notifications.bell.unread', { count: unread })}`
      : t('notifications.bell.label');
  return (
    <IconButton
      ref={ref}
      variant="ghost"
      size="sm"
      aria-label={label}
      aria-haspopup="dialog"
      data-testid="notification-bell"
      position="relative"
      onClick={onActivate}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      {...rest}
    >
      <Bell />
      {unread > 0 ? (
        <Float placement="top-end" offset="2">
          <Box
            as="span"
            minW="4"
            h="4"
            px="1"
            borderRadius="full"
            bg="red.solid"
            color="white"
            textStyle="2xs"
            fontWeight="bold"
            display="grid"
            placeItems="center"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        </Float>
      ) : null}
    </IconButton>
  );
});

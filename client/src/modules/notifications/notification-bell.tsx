import { useState } from 'react';
import { Box, Button, Float, HStack, IconButton, Popover, Portal, Spinner, Text } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../app/session/auth-user.ts';
import { NotificationRow } from './notification-list.tsx';
import { notificationListQuery, unreadQuery } from './notifications-api.ts';
import { useNotificationActions } from './use-notification-actions.ts';

const LATEST = { estado: 'todas' as const, page: 1, rowsPerPage: 8 };

/**
 * The bell of the top bar (SPEC §2 notifications, issue 5 §6): the unread count, kept live by
 * notification.* events, and a popover with the latest ones. Hidden without the permission to
 * view notifications (SPEC §6).
 */
export function NotificationBell() {
  const allowed = useCan('ver_notificaciones');
  return allowed ? <BellPopover /> : null;
}

function BellPopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: unread = 0 } = useQuery(unreadQuery);
  const latest = useQuery({ ...notificationListQuery(LATEST), enabled: open });
  const actions = useNotificationActions();
  const label = unread > 0 ? `${t('notifications.bell.label')}, ${t('notifications.bell.unread', { count: unread })}` : t('notifications.bell.label');

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label} data-testid="notification-bell" position="relative">
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
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 16px)', sm: '96' }} maxW="96" data-testid="notification-popover">
            <Popover.Header borderBottomWidth="1px" py="2">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('notifications.bell.label')}</Text>
                <Button size="xs" variant="ghost" disabled={unread === 0} loading={actions.readAll.isPending} onClick={() => actions.readAll.mutate()}>
                  {t('notifications.bell.mark_all_read')}
                </Button>
              </HStack>
            </Popover.Header>
            <Popover.Body p="0" maxH="96" overflowY="auto">
              {latest.isPending ? (
                <Box p="4" textAlign="center"><Spinner size="sm" /></Box>
              ) : latest.data?.data.length ? (
                <Box as="ul" m="0" p="0">
                  {latest.data.data.map((item) => (
                    <NotificationRow key={item.id} item={item} compact onOpen={(i) => { setOpen(false); actions.open(i); }} />
                  ))}
                </Box>
              ) : (
                <Text p="4" color="fg.muted" textStyle="sm">{t('notifications.bell.empty')}</Text>
              )}
            </Popover.Body>
            <Popover.Footer borderTopWidth="1px" py="2" justifyContent="center">
              <Button asChild size="sm" variant="ghost" colorPalette="brand" onClick={() => setOpen(false)}>
                <RouterLink to="/config/notificaciones/recibidas">{t('notifications.bell.see_all')}</RouterLink>
              </Button>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

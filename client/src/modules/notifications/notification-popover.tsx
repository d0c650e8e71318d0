import { useState } from 'react';
import { Box, Button, HStack, Popover, Portal, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BellTriggerButton } from './notification-bell-trigger.tsx';
import { NotificationRow } from './notification-list.tsx';
import { notificationListQuery, unreadQuery } from './notifications-api.ts';
import { useNotificationActions } from './use-notification-actions.ts';

const LATEST = { estado: 'todas' as const, page: 1, rowsPerPage: 8 };

/** The bell's popover: the latest notifications, mark all read, and the way to the full list. */
export function NotificationPopover({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const { data: unread = 0 } = useQuery(unreadQuery);
  const latest = useQuery({ ...notificationListQuery(LATEST), enabled: open });
  const actions = useNotificationActions();

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <BellTriggerButton />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 16px)', sm: '96' }} maxW="96" data-testid="notification-popover">
            <Popover.Header borderBottomWidth="1px" py="2">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{t('notifications.bell.label')}</Text>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={unread === 0}
                  loading={actions.readAll.isPending}
                  onClick={() => actions.readAll.mutate()}
                >
                  {t('notifications.bell.mark_all_read')}
                </Button>
              </HStack>
            </Popover.Header>
            <Popover.Body p="0" maxH="96" overflowY="auto">
              {latest.isPending ? (
                <Box p="4" textAlign="center">
                  <Spinner size="sm" />
                </Box>
              ) : latest.data?.data.length ? (
                <Box as="ul" m="0" p="0">
                  {latest.data.data.map((item) => (
                    <NotificationRow
                      key={item.id}
                      item={item}
                      compact
                      onOpen={(i) => {
                        setOpen(false);
                        actions.open(i);
                      }}
                    />
                  ))}
                </Box>
              ) : (
                <Text p="4" color="fg.muted" textStyle="sm">
                  {t('notifications.bell.empty')}
                </Text>
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

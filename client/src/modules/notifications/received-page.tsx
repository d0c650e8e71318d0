import { useState } from 'react';
import { Box, Button, Card, HStack, SegmentGroup, Spinner, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_FILTERS, type NotificationFilter } from '#domain/schemas/notifications';
import { PAGE_SIZE_DEFAULT } from '#domain/limits';
import { PageHeader } from '../../shared/layout/page-states.tsx';
import { TablePagination } from '../../widgets/table-pagination.tsx';
import { NotificationRow } from './notification-list.tsx';
import { notificationListQuery, unreadQuery } from './notifications-api.ts';
import { useNotificationActions } from './use-notification-actions.ts';

/**
 * /config/notificaciones/recibidas (docs/product.md §2): what arrived in the last 15 days (docs/product.md §9), newest
 * first, filtered by read state, paged. New ones appear live: the gateway puts every socket in its
 * user's room, and notification.* events refetch these queries (notifications-api.ts).
 */
export function RecibidasPage() {
  const { t } = useTranslation();
  const [estado, setEstado] = useState<NotificationFilter>('todas');
  const [page, setPage] = useState(1);
  const [rowsPerPage, setRowsPerPage] = useState(PAGE_SIZE_DEFAULT);
  const list = useQuery(notificationListQuery({ estado, page, rowsPerPage }));
  const { data: unread = 0 } = useQuery(unreadQuery);
  const actions = useNotificationActions();

  return (
    <Box>
      <PageHeader
        title={t('notifications.received.title')}
        subtitle={t('notifications.received.subtitle')}
        actions={
          <Button
            size="sm"
            variant="outline"
            disabled={unread === 0}
            loading={actions.readAll.isPending}
            onClick={() => actions.readAll.mutate()}
          >
            {t('notifications.bell.mark_all_read')}
          </Button>
        }
      />
      <HStack mb="3" gap="3" flexWrap="wrap">
        <Text id="notification-filter" textStyle="sm" color="fg.muted">
          {t('notifications.received.filter_label')}
        </Text>
        <SegmentGroup.Root
          size="sm"
          value={estado}
          aria-labelledby="notification-filter"
          onValueChange={(e) => {
            setEstado(e.value as NotificationFilter);
            setPage(1);
          }}
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={NOTIFICATION_FILTERS.map((f) => ({ value: f, label: t(`notifications.received.filters.${f}`) }))}
          />
        </SegmentGroup.Root>
      </HStack>
      <Card.Root variant="outline">
        <Card.Body p="0">
          {list.isPending ? (
            <Box p="6" textAlign="center">
              <Spinner />
            </Box>
          ) : list.data?.data.length ? (
            <Box as="ul" m="0" p="0" data-testid="notification-list">
              {list.data.data.map((item) => (
                <NotificationRow key={item.id} item={item} onOpen={actions.open} onToggleRead={actions.toggleRead} />
              ))}
            </Box>
          ) : (
            <Text p="6" color="fg.muted" textAlign="center" data-testid="notification-empty">
              {t('notifications.received.empty')}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      {list.data && list.data.total > 0 ? (
        <Box mt="3">
          <TablePagination
            page={page}
            total={list.data.total}
            rowsPerPage={rowsPerPage}
            onPageChange={setPage}
            rowsPerPageOptions={[25, 50, 100]}
            onRowsPerPageChange={(n) => {
              setRowsPerPage(n);
              setPage(1);
            }}
          />
        </Box>
      ) : null}
    </Box>
  );
}

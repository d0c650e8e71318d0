import { useState } from 'react';
import { Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedRow } from '#domain/integrations-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { calendarFeedsQuery, useRevokeFeed } from '../api/calendar-api.ts';

/** For administrators: who has subscribed, when a calendar last read their feed, and revoking one. */
export function FeedsTable() {
  const { t } = useTranslation();
  const query = useQuery(calendarFeedsQuery);
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="3">
          <Heading size="md">{t('integrations_ui.calendar.people_title')}</Heading>
          <QueryState query={query}>{(rows) => <Rows rows={rows} />}</QueryState>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Rows({ rows }: { rows: CalendarFeedRow[] }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeFeed();
  const [revoking, setRevoking] = useState<CalendarFeedRow | null>(null);
  const when = (iso: string | null) => (iso ? dateTimeText(iso, i18n.language) : t('integrations_ui.calendar.never'));
  return (
    <>
      <Text color="fg.muted" data-testid="calendar-people-count">
        {t('integrations_ui.calendar.people_count', { count: rows.length })}
      </Text>
      {rows.length > 0 && (
        <Table.Root size="sm" data-testid="calendar-feeds-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('integrations_ui.calendar.person')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.calendar.created')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('integrations_ui.calendar.last_read')}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.user.id}>
                <Table.Cell>{r.user.full_name}</Table.Cell>
                <Table.Cell>{when(r.rotated_at ?? r.created_at)}</Table.Cell>
                <Table.Cell>{when(r.last_fetched_at)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="sm" minH="44px" variant="outline" colorPalette="red" onClick={() => setRevoking(r)}>
                    {t('integrations_ui.calendar.revoke')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('integrations_ui.calendar.revoke_title', { name: revoking?.user.full_name ?? '' })}
        body={t('integrations_ui.calendar.revoke_body')}
        confirmLabel={t('integrations_ui.calendar.revoke')}
        danger
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.user.id, {
            onSuccess: () => showSuccessToast(t('integrations_ui.calendar.revoked')),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </>
  );
}

import { Badge, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SyncedKind } from '#domain/integrations';
import type { SyncLogRow } from '#domain/integrations-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { formatDate } from '../../../shared/format.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { syncLogQuery, useRetrySyncJob } from '../api/sync-api.ts';

/**
 * The log of a CRM's or platform's calls (docs/product.md §9: the newest 100; new results can take up to 15
 * minutes): each attempt with its answer, and a failed call tried again by hand.
 */
export function SyncLogPanel({ kind }: { kind: SyncedKind }) {
  const { t, i18n } = useTranslation();
  const log = useQuery(syncLogQuery(kind));
  const retry = useRetrySyncJob(kind);
  const when = (iso: string) =>
    formatDate(iso, i18n.language as AppLocale, { dateStyle: 'short', timeStyle: 'medium' });
  const retryButton = (row: SyncLogRow) =>
    row.job_state === 'fallido' && row.job_id ? (
      <Button
        size="xs"
        variant="outline"
        loading={retry.isPending && retry.variables === row.job_id}
        onClick={() => retry.mutate(row.job_id!, { onSuccess: (answer) => showSuccessToast(answer.message) })}
      >
        {t('integrations_ui.sync.retry')}
      </Button>
    ) : null;

  return (
    <QueryState query={log}>
      {(data) => (
        <Stack gap="3" data-testid={`sync-log-${kind}`}>
          <HStack gap="4" wrap="wrap">
            <Text textStyle="sm">{t('integrations_ui.sync.pending', { count: data.pending })}</Text>
            <Text textStyle="sm" color={data.failed ? 'red.fg' : undefined}>
              {t('integrations_ui.sync.failed', { count: data.failed })}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {t('integrations_ui.sync.delay_note')}
            </Text>
          </HStack>
          {data.rows.length ? (
            <Table.ScrollArea tabIndex={0} aria-label={t('integrations_ui.sync.title')}>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('integrations_ui.sync.when')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('integrations_ui.sync.action')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('integrations_ui.sync.attempt')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('integrations_ui.sync.result')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('integrations_ui.sync.detail')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.rows.map((row) => (
                    <Table.Row key={row.id}>
                      <Table.Cell whiteSpace="nowrap">{when(row.created_at)}</Table.Cell>
                      <Table.Cell>
                        {t(`integrations_ui.sync.actions.${row.action}`, { defaultValue: row.action })}
                      </Table.Cell>
                      <Table.Cell>{row.attempt}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={row.ok ? 'green' : 'red'} variant="subtle">
                          {row.ok ? t('integrations_ui.sync.ok') : t('integrations_ui.sync.error')}
                          {row.status_code ? ` · ${row.status_code}` : ''}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell maxW="md">
                        {row.error ? (
                          <Text textStyle="xs">{row.error}</Text>
                        ) : row.response !== null ? (
                          <Code textStyle="xs" whiteSpace="pre-wrap" wordBreak="break-all">
                            {JSON.stringify(row.response).slice(0, 300)}
                          </Code>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell>{retryButton(row)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          ) : (
            <Text color="fg.muted">{t('integrations_ui.sync.empty')}</Text>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

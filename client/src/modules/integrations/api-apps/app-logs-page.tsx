import { useState } from 'react';
import { Badge, Code, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_CALL_LOG_MAX, API_CALL_RETENTION_DAYS } from '#domain/api-apps';
import { formatNumber } from '../../../shared/format.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { apiAppLogsQuery } from '../api/api-apps-api.ts';
import { useAppIdParam } from './use-app-id.ts';

const statusPalette = (status: number) => (status < 300 ? 'green' : status === 429 || status < 500 ? 'orange' : 'red');

/** docs/product.md §2 config integraciones apps/{appId}/logs: the app's public API calls, newest first (at most 100). */
export function AppLogsPage() {
  const { t, i18n } = useTranslation();
  const appId = useAppIdParam();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...apiAppLogsQuery(appId, page), enabled: Number.isFinite(appId) });
  return (
    <Stack gap="3">
      <Text textStyle="sm" color="fg.muted">
        {t('integrations_ui.api_apps.logs_hint', { max: API_CALL_LOG_MAX, days: API_CALL_RETENTION_DAYS })}
      </Text>
      <QueryState query={query}>
        {(logs) =>
          logs.data.length === 0 ? (
            <Text color="fg.muted">{t('integrations_ui.api_apps.logs_empty')}</Text>
          ) : (
            <Stack gap="2">
              <Table.ScrollArea borderWidth="1px" borderRadius="md">
                <Table.Root size="sm" data-testid="api-app-logs">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('integrations_ui.api_apps.method')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.api_apps.path')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.api_apps.status')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('integrations_ui.api_apps.latency')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.api_apps.date')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {logs.data.map((call) => (
                      <Table.Row key={call.id}>
                        <Table.Cell>
                          <Code fontSize="xs">{call.method}</Code>
                        </Table.Cell>
                        <Table.Cell wordBreak="break-all">
                          <Code fontSize="xs" bg="transparent">
                            {call.path}
                          </Code>
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={statusPalette(call.status)}>{call.status}</Badge>
                        </Table.Cell>
                        <Table.Cell textAlign="end" whiteSpace="nowrap">
                          {t('integrations_ui.api_apps.latency_ms', { ms: formatNumber(call.latency_ms) })}
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{dateTimeText(call.at, i18n.language)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <TablePagination page={page} total={logs.total} rowsPerPage={logs.rowsPerPage} onPageChange={setPage} />
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

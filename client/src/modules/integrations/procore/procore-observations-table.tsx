import { Badge, Card, Link, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { procoreObservationLinksQuery } from '../api/procore-api.ts';

const STATUS_PALETTE: Record<string, string> = { closed: 'green', void: 'gray', ready_for_review: 'blue' };

/** "Observaciones vinculadas": each failure sent to Procore, its ticket, Procore's id and last status. */
export function ProcoreObservationsTable() {
  const { t, i18n } = useTranslation();
  const query = useQuery(procoreObservationLinksQuery);
  const when = (iso: string | null) =>
    iso ? formatDate(iso, i18n.language as AppLocale, { dateStyle: 'short', timeStyle: 'short' }) : '—';
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t('integrations_ui.procore.observations.title')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <QueryState query={query}>
          {(rows) =>
            rows.length ? (
              <Table.ScrollArea tabIndex={0} aria-label={t('integrations_ui.procore.observations.title')}>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('integrations_ui.procore.observations.failure')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.procore.observations.ticket')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.procore.observations.procore_id')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.procore.observations.status')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('integrations_ui.procore.observations.synced')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row) => (
                      <Table.Row key={row.id}>
                        <Table.Cell>{row.failure_name}</Table.Cell>
                        <Table.Cell>
                          <Link asChild colorPalette="brand">
                            <RouterLink to={`/warranties/solicitud/${row.ticket_id}`}>{row.ticket_code}</RouterLink>
                          </Link>
                        </Table.Cell>
                        <Table.Cell>{row.procore_observation_id}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={STATUS_PALETTE[row.remote_status ?? ''] ?? 'orange'}>
                            {row.remote_status
                              ? t(`integrations_ui.procore.remote_status.${row.remote_status}`, {
                                  defaultValue: row.remote_status,
                                })
                              : '—'}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{when(row.synced_at)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            ) : (
              <Text color="fg.muted">{t('integrations_ui.procore.observations.empty')}</Text>
            )
          }
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

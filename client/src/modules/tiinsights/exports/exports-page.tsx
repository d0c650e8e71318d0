import { Box, Link, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { DataExport } from '#domain/insights-responses';
import { formatBytes, formatNumber } from '#domain/format';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { exportHref, exportsQuery } from '../api/tiinsights-api.ts';
import { TIINSIGHTS_BASE, TiinsightsFrame, useTiinsightsAccess } from '../components/tiinsights-frame.tsx';

const T = 'tiinsights.exports';

/**
 * /tiinsights/exportaciones (dbdump): the last company data exports, newest first — whose data, who asked and when,
 * when the link expires, whether and when it was downloaded, its rows and size, and the link while it is valid.
 */
export function ExportsPage() {
  const access = useTiinsightsAccess();
  if (!access.exports && access.health) return <Navigate to={`${TIINSIGHTS_BASE}/empresas`} replace />;
  return (
    <TiinsightsFrame>
      <Exports />
    </TiinsightsFrame>
  );
}

function Exports() {
  const { t } = useTranslation();
  const query = useQuery(exportsQuery());
  return (
    <QueryState query={query}>
      {(rows) =>
        rows.length === 0 ? (
          <Text
            color="fg.muted"
            p="6"
            textAlign="center"
            borderWidth="1px"
            borderRadius="md"
            data-testid="exports-empty"
          >
            {t(`${T}.empty`)}
          </Text>
        ) : (
          <ExportsTable rows={rows} />
        )
      }
    </QueryState>
  );
}

const COLUMNS = [
  'company',
  'requested_by',
  'created_at',
  'expires_at',
  'downloaded_at',
  'rows',
  'size',
  'link',
] as const;

function ExportsTable({ rows }: { rows: DataExport[] }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? dateTimeText(iso, i18n.language) : '—');
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="exports-table">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((c) => (
              <Table.ColumnHeader
                key={c}
                whiteSpace="nowrap"
                textAlign={c === 'rows' || c === 'size' ? 'end' : undefined}
              >
                {t(`${T}.columns.${c}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="export-row" data-export={r.id}>
              <Table.Cell fontWeight="medium">{r.company.name}</Table.Cell>
              <Table.Cell>{r.requested_by.name}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{when(r.created_at)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{when(r.expires_at)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {r.downloaded_at ? when(r.downloaded_at) : t(`${T}.not_downloaded`)}
              </Table.Cell>
              <Table.Cell textAlign="end">{r.rows === null ? '—' : formatNumber(r.rows, { precision: 0 })}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {r.bytes === null ? '—' : formatBytes(r.bytes)}
              </Table.Cell>
              <Table.Cell>
                {r.url ? (
                  <Link
                    href={exportHref(r.url)}
                    download
                    colorPalette="brand"
                    whiteSpace="nowrap"
                    data-testid="export-row-link"
                  >
                    <Download size={14} aria-hidden="true" />
                    {t(`${T}.download`)}
                  </Link>
                ) : (
                  <Text as="span" color="fg.muted" whiteSpace="nowrap">
                    {t(`${T}.expired`)}
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

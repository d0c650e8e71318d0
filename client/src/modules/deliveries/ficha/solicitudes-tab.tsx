import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { dateText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { TicketStateTag } from '../../after-sales/index.ts';
import { useMayOpen } from '../../../api/session/use-may-open.ts';
import { unitTicketsQuery, type UnitTicket } from '../api/ficha-api.ts';
import { useUnitId } from './use-unit-id.ts';

/** docs/product.md §2 solicitudes: the unit's after-sales tickets, each linking to its ticket page. */
export function SolicitudesTab() {
  const unitId = useUnitId();
  const query = useQuery(unitTicketsQuery(unitId));
  return (
    <QueryState query={query} minH="20vh">
      {(data) => <TicketRows rows={data.data ?? []} />}
    </QueryState>
  );
}

function TicketRows({ rows }: { rows: UnitTicket[] }) {
  const { t, i18n } = useTranslation();
  const mayOpen = useMayOpen();
  if (!rows.length) return <Text color="fg.muted">{t('deliveries_ui.tickets.empty')}</Text>;
  return (
    <Stack overflowX="auto">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('deliveries_ui.tickets.code')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('deliveries_ui.tickets.subject')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('deliveries_ui.tickets.state')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('deliveries_ui.tickets.created_at')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="unit-ticket">
              <Table.Cell>
                {mayOpen(`/warranties/solicitud/${r.id}`) ? (
                  <Link asChild colorPalette="brand">
                    <RouterLink to={`/warranties/solicitud/${r.id}`}>{r.code}</RouterLink>
                  </Link>
                ) : (
                  r.code
                )}
              </Table.Cell>
              <Table.Cell>{r.subject}</Table.Cell>
              <Table.Cell>
                <TicketStateTag state={r.state as never} />
              </Table.Cell>
              <Table.Cell>{dateText(r.created_at, i18n.language)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

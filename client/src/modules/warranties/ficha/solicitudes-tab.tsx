import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageSpinner } from '../../../app/layout/page-states.tsx';
import { dateText } from '../components/dates.ts';
import { TicketStateTag } from '../components/ticket-state-tag.tsx';
import { unitTicketsQuery } from './ficha-api.ts';
import { useUnitId } from './use-unit-id.ts';

/** SPEC §2 solicitudes: the unit's after-sales tickets, each linking to its ticket page. */
export function SolicitudesTab() {
  const { t, i18n } = useTranslation();
  const unitId = useUnitId();
  const query = useQuery(unitTicketsQuery(unitId));
  if (query.isPending) return <PageSpinner minH="20vh" />;
  const rows = query.data?.data ?? [];
  if (!rows.length) return <Text color="fg.muted">{t('deliveries_ui.tickets.empty')}</Text>;
  return (
    <Stack overflowX="auto">
      <Table.Root size="sm" interactive>
        <Table.Header><Table.Row>
          <Table.ColumnHeader>{t('deliveries_ui.tickets.code')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('deliveries_ui.tickets.subject')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('deliveries_ui.tickets.state')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('deliveries_ui.tickets.created_at')}</Table.ColumnHeader>
        </Table.Row></Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="unit-ticket">
              <Table.Cell><Link asChild colorPalette="brand"><RouterLink to={`/warranties/solicitud/${r.id}`}>{r.code}</RouterLink></Link></Table.Cell>
              <Table.Cell>{r.subject}</Table.Cell>
              <Table.Cell><TicketStateTag state={r.state as never} /></Table.Cell>
              <Table.Cell>{dateText(r.created_at, i18n.language)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

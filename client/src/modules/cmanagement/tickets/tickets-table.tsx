import { Box, Card, HStack, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CmTicketRow } from '#domain/cmanagement-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { CmTicketStateTag } from '../components/ticket-state.tsx';
import { PriorityBadge } from './priority-badge.tsx';

const ticketHref = (id: number) => `/cmanagement/tickets/${id}`;
const peopleOf = (row: CmTicketRow) => row.assignees.map((a) => a.full_name).join(', ');

/** The tickets of the page: a table on wide screens, cards on phones. */
export function TicketsTable({ rows }: { rows: CmTicketRow[] }) {
  const { t, i18n } = useTranslation();
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const col = (k: string) => t(`cmanagement_ui.list.columns.${k}`);
  if (compact)
    return (
      <Stack gap="2" data-testid="tickets-cards">
        {rows.map((row) => (
          <Card.Root key={row.id} size="sm" data-testid="ticket-row">
            <Card.Body gap="1" p="3">
              <HStack justify="space-between">
                <Text textStyle="xs" color="fg.muted">
                  {row.code}
                </Text>
                <CmTicketStateTag state={row.state} size="sm" />
              </HStack>
              <Link asChild fontWeight="medium">
                <RouterLink to={ticketHref(row.id)}>{row.title}</RouterLink>
              </Link>
              <Text textStyle="xs" color="fg.muted">
                {row.project.name} · {row.category.name}
              </Text>
              <HStack justify="space-between">
                <PriorityBadge priority={row.priority} />
                <Text textStyle="xs">{dateText(row.due_date, i18n.language)}</Text>
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid="tickets-table">
        <Table.Header>
          <Table.Row>
            {['code', 'title', 'state', 'priority', 'project', 'category', 'assignees', 'due_date', 'issues'].map(
              (k) => (
                <Table.ColumnHeader key={k}>{col(k)}</Table.ColumnHeader>
              ),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id} data-testid="ticket-row">
              <Table.Cell whiteSpace="nowrap">{row.code}</Table.Cell>
              <Table.Cell maxW="320px">
                <Link asChild fontWeight="medium">
                  <RouterLink to={ticketHref(row.id)}>{row.title}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>
                <CmTicketStateTag state={row.state} size="sm" />
              </Table.Cell>
              <Table.Cell>
                <PriorityBadge priority={row.priority} />
              </Table.Cell>
              <Table.Cell>{row.project.name}</Table.Cell>
              <Table.Cell>{row.category.name}</Table.Cell>
              <Table.Cell maxW="200px" truncate title={peopleOf(row)}>
                {peopleOf(row)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{dateText(row.due_date, i18n.language)}</Table.Cell>
              <Table.Cell>{`${row.open_issues}/${row.issue_count}`}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

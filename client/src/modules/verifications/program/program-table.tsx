import {
  Box,
  Button,
  Card,
  HStack,
  Link,
  Stack,
  Table,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RECEPTION_EDITABLE_STATES, type ReceptionState } from '#domain/verifications';
import type { ReceptionRow } from '#domain/verifications-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { VERIFICATIONS_BASE } from '../components/verifications-frame.tsx';
import { ReceptionStateTag } from '../components/reception-state-tag.tsx';

const T = 'verifications_ui.program';

export const receptionHref = (id: number) => `${VERIFICATIONS_BASE}/recepcion/${id}`;
export const isEditable = (state: ReceptionState) => (RECEPTION_EDITABLE_STATES as readonly string[]).includes(state);

const COLUMNS = ['code', 'name', 'work_package', 'location', 'contractor', 'planned', 'template', 'state'] as const;

/**
 * The project's program: a table on wide screens, cards on phones; the code (or the card's title) opens the
 * reception. "Editar" only on programmed receptions, for who writes the program.
 */
export function ProgramTable({
  rows,
  canManage,
  onEdit,
}: {
  rows: ReceptionRow[];
  canManage: boolean;
  onEdit: (row: ReceptionRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const span = (r: ReceptionRow) =>
    t(`${T}.planned_range`, {
      from: dateText(r.planned_start, i18n.language),
      to: dateText(r.planned_end, i18n.language),
    });
  const edit = (r: ReceptionRow) =>
    canManage && isEditable(r.state) ? (
      <Button size="sm" minH="44px" variant="outline" onClick={() => onEdit(r)} data-testid="reception-edit">
        {t(`${T}.edit`)}
      </Button>
    ) : null;
  if (compact)
    return (
      <Stack as="ul" gap="2" listStyleType="none" data-testid="program-cards">
        {rows.map((r) => (
          <Card.Root as="li" key={r.id} size="sm" data-testid="reception-row">
            <Card.Body gap="1" p="3">
              <HStack justify="space-between" align="flex-start" gap="2">
                <Link asChild fontWeight="semibold" wordBreak="break-word">
                  <RouterLink to={receptionHref(r.id)}>
                    {t(`${T}.card_title`, { code: r.code, name: r.name })}
                  </RouterLink>
                </Link>
                <ReceptionStateTag state={r.state} />
              </HStack>
              <Text textStyle="sm">{span(r)}</Text>
              <Text textStyle="xs" color="fg.muted" wordBreak="break-word">
                {[r.work_package, r.location, r.contractor].filter(Boolean).join(' · ')}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {r.template ? t(`${T}.template_of`, { name: r.template.name }) : t(`${T}.no_template`)}
              </Text>
              {edit(r) ? <Box pt="1">{edit(r)}</Box> : null}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid="program-table">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((k) => (
              <Table.ColumnHeader key={k}>{t(`${T}.columns.${k}`)}</Table.ColumnHeader>
            ))}
            {canManage ? (
              <Table.ColumnHeader>
                <VisuallyHidden>{t(`${T}.columns.actions`)}</VisuallyHidden>
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id} data-testid="reception-row">
              <Table.Cell whiteSpace="nowrap">
                <Link asChild fontWeight="medium">
                  <RouterLink to={receptionHref(r.id)}>{r.code}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell minW="180px">{r.name}</Table.Cell>
              <Table.Cell>{r.work_package ?? '—'}</Table.Cell>
              <Table.Cell>{r.location ?? '—'}</Table.Cell>
              <Table.Cell>{r.contractor ?? '—'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{span(r)}</Table.Cell>
              <Table.Cell>{r.template?.name ?? t(`${T}.no_template`)}</Table.Cell>
              <Table.Cell>
                <ReceptionStateTag state={r.state} />
              </Table.Cell>
              {canManage ? <Table.Cell>{edit(r)}</Table.Cell> : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

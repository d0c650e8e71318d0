import { Box, Card, HStack, Link, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PlacementRow } from '#domain/concrete-placements-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { mpa } from '../config/rule-text.ts';
import { BatchStateTag, PlacementStateTag } from '../components/work-state-tags.tsx';
import { PLACEMENTS_BASE } from './placements-tabs.tsx';

export const placementHref = (id: number) => `${PLACEMENTS_BASE}/${id}`;
export const batchHref = (id: number) => `${PLACEMENTS_BASE}/lotes/${id}`;

/** "Ciclo 3" or "Ejes A · 1 · B · 2": where in the floor the pour is (docs/product.md §3 zone/cycle, axes 1 to 4). */
export function placeText(row: Pick<PlacementRow, 'zone_cycle' | 'axis_1' | 'axis_2' | 'axis_3' | 'axis_4'>) {
  const axes = [row.axis_1, row.axis_2, row.axis_3, row.axis_4].filter(Boolean).join(' · ');
  return [row.zone_cycle, axes].filter(Boolean).join(' — ');
}

const COLUMNS = ['number', 'state', 'element', 'm3', 'location', 'place', 'type', 'scheduled_on', 'batch', 'samples'];

/** A page of placements: a table on wide screens, cards on phones; the number opens the placement. */
export function PlacementsTable({ rows }: { rows: PlacementRow[] }) {
  const { t, i18n } = useTranslation();
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const col = (k: string) => t(`concrete.placements.list.columns.${k}`);
  const day = (d: string | null) => dateText(d, i18n.language);
  if (compact)
    return (
      <Stack gap="2" data-testid="placements-cards">
        {rows.map((row) => (
          <Card.Root key={row.id} size="sm" data-testid="placement-row">
            <Card.Body gap="1" p="3">
              <HStack justify="space-between">
                <Link asChild fontWeight="semibold">
                  <RouterLink to={placementHref(row.id)}>
                    {t('concrete.placements.number', { number: row.number })} · {row.element.name}
                  </RouterLink>
                </Link>
                <PlacementStateTag state={row.state} />
              </HStack>
              <Text textStyle="sm">
                {t('concrete.placements.list.card_volume', { m3: mpa(row.m3), type: row.concrete_type.designation })}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {[row.unit, row.location, placeText(row)].filter(Boolean).join(' · ')}
              </Text>
              <HStack justify="space-between" textStyle="xs">
                <Text>{day(row.poured_on ?? row.scheduled_on)}</Text>
                {row.batch ? <BatchStateTag state={row.batch.state} /> : null}
              </HStack>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" interactive data-testid="placements-table">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((k) => (
              <Table.ColumnHeader key={k} textAlign={k === 'm3' ? 'end' : undefined}>
                {col(k)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id} data-testid="placement-row">
              <Table.Cell>
                <Link asChild fontWeight="medium">
                  <RouterLink to={placementHref(row.id)}>{row.number}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell>
                <PlacementStateTag state={row.state} />
              </Table.Cell>
              <Table.Cell>{row.element.name}</Table.Cell>
              <Table.Cell textAlign="end">{mpa(row.m3)}</Table.Cell>
              <Table.Cell>{`${row.unit} · ${row.location}`}</Table.Cell>
              <Table.Cell maxW="200px" truncate title={placeText(row)}>
                {placeText(row)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{row.concrete_type.designation}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {day(row.scheduled_on)}
                {row.poured_on ? (
                  <Text textStyle="xs" color="fg.muted">
                    {t('concrete.placements.list.poured_on', { day: day(row.poured_on) })}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                {row.batch ? (
                  <HStack gap="2" whiteSpace="nowrap">
                    <Link asChild>
                      <RouterLink to={batchHref(row.batch.id)}>
                        {t('concrete.batches.number', { number: row.batch.number })}
                      </RouterLink>
                    </Link>
                    <BatchStateTag state={row.batch.state} />
                  </HStack>
                ) : (
                  '—'
                )}
              </Table.Cell>
              <Table.Cell>{row.samples_count ? `${row.tested_count}/${row.samples_count}` : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

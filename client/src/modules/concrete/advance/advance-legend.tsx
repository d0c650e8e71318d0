import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ADVANCE_COLORS, ADVANCE_STATES, type AdvanceState } from '#domain/concrete-placements';
import type { Advance } from '#domain/concrete-placements-responses';
import { formatNumber } from '../../../shared/format.ts';

const T = 'concrete.advance';

/** The five states with their colour, elements and m3; a click isolates one state (again: all). */
export function AdvanceLegend(props: {
  byState: Advance['by_state'];
  only: AdvanceState | null;
  onOnly: (state: AdvanceState | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack as="ul" gap="1" listStyleType="none" aria-label={t(`${T}.legend`)}>
      {ADVANCE_STATES.map((state) => {
        const row = props.byState.find((r) => r.state === state);
        const active = props.only === state;
        return (
          <Box as="li" key={state}>
            <Button
              w="full"
              size="sm"
              variant={active ? 'subtle' : 'ghost'}
              justifyContent="flex-start"
              aria-pressed={active}
              opacity={props.only !== null && !active ? 0.5 : 1}
              onClick={() => props.onOnly(active ? null : state)}
            >
              <Box w="3" h="3" borderRadius="sm" bg={ADVANCE_COLORS[state]} flexShrink={0} />
              <Text flex="1" textAlign="start">
                {t(`${T}.states.${state}`)}
              </Text>
              <Text fontVariantNumeric="tabular-nums">
                {t(`${T}.elements_m3`, { elements: formatNumber(row?.elements ?? 0), m3: formatNumber(row?.m3 ?? 0) })}
              </Text>
            </Button>
          </Box>
        );
      })}
    </Stack>
  );
}

type TotalRow = { label: string; state: AdvanceState; m3: number; placements: number };

/** One totals table (by state, element type or floor): label, state (unless the label is it), placements, m3. */
export function TotalsTable(props: { title: string; rows: TotalRow[]; byState?: boolean }) {
  const dot = (state: AdvanceState) => (
    <Box w="2" h="2" flexShrink={0} borderRadius="full" bg={ADVANCE_COLORS[state]} />
  );
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{props.title}</Text>
      {props.rows.length === 0 ? (
        <Text color="fg.muted">{t(`${T}.no_rows`)}</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={props.title}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t(`${T}.col.name`)}</Table.ColumnHeader>
                {props.byState ? null : <Table.ColumnHeader>{t(`${T}.col.state`)}</Table.ColumnHeader>}
                <Table.ColumnHeader textAlign="end">{t(`${T}.col.placements`)}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t(`${T}.col.m3`)}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {props.rows.map((r) => (
                <Table.Row key={`${r.label}:${r.state}`}>
                  <Table.Cell>
                    {props.byState ? (
                      <HStack gap="1">
                        {dot(r.state)}
                        {r.label}
                      </HStack>
                    ) : (
                      r.label
                    )}
                  </Table.Cell>
                  {props.byState ? null : (
                    <Table.Cell>
                      <HStack gap="1">
                        {dot(r.state)}
                        {t(`${T}.states.${r.state}`)}
                      </HStack>
                    </Table.Cell>
                  )}
                  <Table.Cell textAlign="end">{formatNumber(r.placements)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatNumber(r.m3)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

/** The three totals tables of an advance answer. */
export function AdvanceTotals({ advance }: { advance: Advance }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <TotalsTable
        title={t(`${T}.by_state`)}
        byState
        rows={advance.by_state.map((r) => ({ ...r, label: t(`${T}.states.${r.state}`) }))}
      />
      <TotalsTable
        title={t(`${T}.by_element`)}
        rows={advance.by_element.map((r) => ({ ...r, label: r.element.name }))}
      />
      <TotalsTable title={t(`${T}.by_floor`)} rows={advance.by_floor.map((r) => ({ ...r, label: r.floor }))} />
    </Stack>
  );
}

import { useEffect, useRef } from 'react';
import { Box, Checkbox, Flex, Grid, Link, Text, useBreakpointValue } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TicketRow } from '../api/types.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { PriorityBadge } from '../components/priority-badge.tsx';
import { SlaBadge } from '../components/sla-badge.tsx';
import { TicketProgress } from '../components/ticket-progress.tsx';
import { TicketStateTag } from '../components/ticket-state-tag.tsx';
import { ReadyToResolveBadge } from '../components/ready-to-resolve-badge.tsx';
import { useScrollResetOnChange } from '../../../widgets/list-paging.ts';
import { SELECTION_MAX } from './selection.ts';

const COLUMNS = '36px 116px 100px minmax(160px, 2fr) minmax(120px, 1.2fr) minmax(110px, 1fr) 84px 132px 110px 124px';
const ROW_HEIGHT = 56;
const CARD_HEIGHT = 118;

type Props = {
  rows: TicketRow[];
  /** The list page shown: changing it scrolls back to the first row. */
  page?: number;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onTogglePage: () => void;
};

/**
 * The solicitudes rows, virtualised (only the visible rows are in the DOM), so a page of 500 — or
 * a long list — scrolls smoothly. A table on wide screens, cards on phones.
 */
export function TicketTable({ rows, page, selected, onToggle, onTogglePage }: Props) {
  const { t, i18n } = useTranslation();
  const isCompact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  useScrollResetOnChange(page, scroller, frame);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => (isCompact ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: 8,
  });
  useEffect(() => {
    virtual.measure();
  }, [isCompact, virtual]);
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPage = rows.some((r) => selected.has(r.id));
  const isFull = selected.size >= SELECTION_MAX;

  const rowCheckbox = (row: TicketRow) => (
    <Checkbox.Root
      size="sm"
      checked={selected.has(row.id)}
      disabled={!selected.has(row.id) && isFull}
      onCheckedChange={() => onToggle(row.id)}
      aria-label={t('after_sales_ui.list.select_row', { code: row.code })}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
  const place = (row: TicketRow) =>
    [row.tower?.name, t('after_sales_ui.unit_label', { number: row.unit.number })].filter(Boolean).join(' · ');

  return (
    <Box
      ref={frame}
      scrollMarginTop="20"
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      overflow="hidden"
      role="table"
      aria-rowcount={rows.length}
      data-testid="ticket-table"
    >
      <Box overflowX={isCompact ? 'hidden' : 'auto'}>
        <Box minW={isCompact ? undefined : '1200px'}>
          <Grid
            role="row"
            templateColumns={isCompact ? '40px 1fr' : COLUMNS}
            alignItems="center"
            gap="2"
            px="3"
            h="10"
            bg="bg.muted"
            borderBottomWidth="1px"
            textStyle="xs"
            fontWeight="semibold"
            color="fg.muted"
          >
            <Box role="columnheader">
              <Checkbox.Root
                size="sm"
                checked={allOnPage ? true : someOnPage ? 'indeterminate' : false}
                onCheckedChange={onTogglePage}
                aria-label={t('after_sales_ui.list.select_page', { max: SELECTION_MAX })}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Box>
            {isCompact ? (
              <Box role="columnheader">{t('after_sales_ui.list.tickets')}</Box>
            ) : (
              ['state', 'code', 'subject', 'unit', 'responsible', 'priority', 'sla', 'progress', 'updated_at'].map(
                (c) => (
                  <Box role="columnheader" key={c} truncate>
                    {t(`after_sales_ui.columns.${c}`)}
                  </Box>
                ),
              )
            )}
          </Grid>
          <Box
            ref={scroller}
            overflowY="auto"
            maxH={{ base: '65dvh', md: 'calc(100dvh - 330px)' }}
            minH="240px"
            data-testid="ticket-scroller"
          >
            <Box position="relative" style={{ height: virtual.getTotalSize() }}>
              {virtual.getVirtualItems().map((item) => {
                const row = rows[item.index];
                const link = `/warranties/solicitud/${row.id}`;
                return (
                  <Box
                    key={row.id}
                    role="row"
                    aria-rowindex={item.index + 1}
                    position="absolute"
                    top="0"
                    left="0"
                    w="full"
                    style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                    borderBottomWidth="1px"
                    bg={selected.has(row.id) ? 'brand.subtle' : undefined}
                    _hover={{ bg: selected.has(row.id) ? 'brand.subtle' : 'bg.subtle' }}
                    data-testid="ticket-row"
                    data-ticket-id={row.id}
                  >
                    {isCompact ? (
                      <Grid templateColumns="40px 1fr" gap="2" px="3" py="2" h="full">
                        <Box role="cell" pt="1">
                          {rowCheckbox(row)}
                        </Box>
                        <Box role="cell" minW="0">
                          <Flex gap="2" align="center">
                            <TicketStateTag state={row.state} size="sm" />
                            <Link asChild fontWeight="semibold" colorPalette="brand">
                              <RouterLink to={link}>{row.code}</RouterLink>
                            </Link>
                            <PriorityBadge priority={row.priority} />
                            {row.ready_to_resolve ? <ReadyToResolveBadge size="xs" /> : null}
                            <SlaBadge sla={row.sla} compact />
                          </Flex>
                          <Text textStyle="sm" truncate mt="1">
                            {row.subject}
                          </Text>
                          <Text textStyle="xs" color="fg.muted" truncate>
                            {place(row)} · {row.responsible?.full_name ?? t('after_sales_ui.unassigned')}
                          </Text>
                          <Flex justify="space-between" mt="1" gap="2">
                            <TicketProgress progress={row.progress} width="16" />
                            <Text textStyle="xs" color="fg.muted">
                              {dateTimeText(row.updated_at, i18n.language)}
                            </Text>
                          </Flex>
                        </Box>
                      </Grid>
                    ) : (
                      <Grid templateColumns={COLUMNS} alignItems="center" gap="2" px="3" h="full" textStyle="sm">
                        <Box role="cell">{rowCheckbox(row)}</Box>
                        <Box role="cell">
                          <TicketStateTag state={row.state} size="sm" />
                        </Box>
                        <Box role="cell" truncate p="1">
                          <Link asChild fontWeight="semibold" colorPalette="brand">
                            <RouterLink to={link}>{row.code}</RouterLink>
                          </Link>
                        </Box>
                        <Box role="cell" minW="0">
                          <Text truncate>{row.subject}</Text>
                          <Text textStyle="xs" color="fg.muted" truncate>
                            {row.applicant?.name} · {t(`after_sales.origins.${row.origin}`)}
                          </Text>
                        </Box>
                        <Box role="cell" minW="0" title={`${place(row)} · ${row.project.name}`}>
                          <Text fontWeight="medium" whiteSpace="nowrap">
                            {t('after_sales_ui.unit_label', { number: row.unit.number })}
                          </Text>
                          <Text textStyle="xs" color="fg.muted" truncate>
                            {[row.tower?.name, row.project.name].filter(Boolean).join(' · ')}
                          </Text>
                        </Box>
                        <Box role="cell" truncate color={row.responsible ? undefined : 'fg.muted'}>
                          {row.responsible?.full_name ?? t('after_sales_ui.unassigned')}
                        </Box>
                        <Box role="cell">
                          <PriorityBadge priority={row.priority} />
                        </Box>
                        <Box role="cell" minW="0" data-testid="sla-cell">
                          <SlaBadge sla={row.sla} compact />
                        </Box>
                        <Box role="cell">
                          <Flex gap="1" align="center">
                            <TicketProgress progress={row.progress} width="12" />
                            {row.ready_to_resolve ? <ReadyToResolveBadge size="xs" compact /> : null}
                          </Flex>
                        </Box>
                        <Box role="cell" textStyle="xs" color="fg.muted">
                          {dateTimeText(row.updated_at, i18n.language)}
                        </Box>
                      </Grid>
                    )}
                  </Box>
                );
              })}
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

import { memo, useMemo, useRef } from 'react';
import { Box, Flex, Grid, IconButton, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_CURRENCIES } from '#domain/quality';
import type { ActivityRow, QualityAttribute } from '#domain/quality-responses';
import { COST_FIELDS, DATE_FIELDS, dateCell, editorText, moneyText, progressText } from './activity-fields.ts';
import type { ActivityLine, ActivityTree, MoveKind } from './activity-tree.ts';
import { moveTarget } from './activity-tree.ts';
import { EditableCell, type CellError } from './editable-cell.tsx';
import { RowMenu, type RowAction } from './row-menu.tsx';
import { cellId, type CellKey } from './use-inline-edit.ts';

/** Fixed row height: the list is windowed (only the rows in view are in the DOM), so 10,000 rows scroll smoothly. */
export const ROW_HEIGHT = 44;
/** The column headers' height: they stick at the top inside the scroller, above the first row. */
const HEADER_HEIGHT = 40;
const INDENT_PX = 16;
/** On a phone the levels step in less, so a deep row keeps room for its description. */
const COMPACT_INDENT_PX = 10;
const FIXED_COLUMNS = [
  '82px',
  'minmax(260px, 3fr)',
  ...DATE_FIELDS.map(() => '122px'),
  '150px',
  '150px',
  '150px',
  '86px',
];
const ATTRIBUTE_COLUMN = '150px';
const MENU_COLUMN = '40px';
const COMPACT_COLUMNS = `minmax(0, 1fr) 56px ${MENU_COLUMN}`;
/** The grid's gap ("2") and inline padding ("2" each side), in px: part of its narrowest width. */
const COLUMN_GAP_PX = 8;
const ROW_PADDING_PX = 16;
/** Room for the rows' vertical scrollbar, which the rows share with the header (it sticks inside the scroller). */
const SCROLLBAR_PX = 16;

/**
 * The narrowest the wide grid can be: every column's px (a minmax's minimum), the gaps and the padding. The box
 * around it is at least this wide, so the rows never overflow their scroller and scroll sideways on their own,
 * out of line with the header.
 */
export function gridMinWidth(columns: readonly string[]): number {
  const widths = columns.reduce((sum, c) => sum + Number(/(\d+)px/.exec(c)?.[1] ?? 0), 0);
  return widths + COLUMN_GAP_PX * (columns.length - 1) + ROW_PADDING_PX + SCROLLBAR_PX;
}
const MOVE_KINDS: MoveKind[] = ['up', 'down', 'indent', 'outdent'];

type Props = {
  lines: ActivityLine[];
  tree: ActivityTree;
  attributes: QualityAttribute[];
  canEdit: boolean;
  /** Moves are offered only over the whole tree (a filtered answer misses siblings). */
  canMove: boolean;
  errors: ReadonlyMap<string, CellError>;
  onCommit: (row: ActivityRow, key: CellKey, text: string) => void;
  onCancel: (row: ActivityRow, key: CellKey) => void;
  onToggle: (id: number) => void;
  onAction: (action: RowAction, row: ActivityRow) => void;
};

function ProgressBar({ value, compact }: { value: number; compact: boolean }) {
  const bar = (
    <Box
      flex={compact ? undefined : '1'}
      flexShrink={0}
      h="1.5"
      bg="bg.emphasized"
      borderRadius="full"
      overflow="hidden"
      aria-hidden="true"
    >
      <Box h="full" bg={value >= 100 ? 'green.solid' : 'brand.solid'} style={{ width: `${Math.min(100, value)}%` }} />
    </Box>
  );
  const text = (
    <Text as="span" textStyle="xs" fontVariantNumeric="tabular-nums" minW="12" textAlign="end">
      {progressText(value)}
    </Text>
  );
  // On a phone the figure sits over a thin bar, so the narrow column leaves the description its room.
  if (compact)
    return (
      <Stack gap="0.5" w="full" minW="0" align="stretch">
        {text}
        {bar}
      </Stack>
    );
  return (
    <Flex align="center" gap="2" w="full" minW="0">
      {bar}
      {text}
    </Flex>
  );
}

type RowProps = Omit<Props, 'lines' | 'onToggle'> & {
  line: ActivityLine;
  isCompact: boolean;
  onToggle: (id: number) => void;
};

const ActivityTableRow = memo(function ActivityTableRow({
  line,
  tree,
  attributes,
  canEdit,
  canMove,
  errors,
  onCommit,
  onCancel,
  onToggle,
  onAction,
  isCompact,
  columns,
}: RowProps & { columns: string }) {
  const { t, i18n } = useTranslation();
  const { row, depth, hasChildren, isExpanded } = line;
  const field = (k: string) => t(`quality_ui.progress.fields.${k}`);
  const cell = (
    key: CellKey,
    props: Omit<Parameters<typeof EditableCell>[0], 'onCommit' | 'onCancel' | 'canEdit' | 'error'>,
  ) => (
    <EditableCell
      {...props}
      canEdit={canEdit}
      error={errors.get(cellId(row.id, key))}
      onCommit={(text) => onCommit(row, key, text)}
      onCancel={() => onCancel(row, key)}
    />
  );
  const moves = useMemo(
    () => new Set(canMove ? MOVE_KINDS.filter((k) => moveTarget(tree, row.id, k) !== null) : []),
    [canMove, tree, row.id],
  );
  const description = (
    <Flex
      role="cell"
      align="center"
      gap="1"
      minW="0"
      style={{ paddingInlineStart: depth * (isCompact ? COMPACT_INDENT_PX : INDENT_PX) }}
    >
      {hasChildren ? (
        <IconButton
          variant="ghost"
          size="2xs"
          aria-expanded={isExpanded}
          aria-label={t(isExpanded ? 'quality_ui.progress.collapse_row' : 'quality_ui.progress.expand_row', {
            description: row.description,
          })}
          onClick={() => onToggle(row.id)}
          data-testid={`toggle-${row.id}`}
        >
          {isExpanded ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
        </IconButton>
      ) : (
        <Box w="6" flexShrink={0} />
      )}
      {isCompact && row.code ? (
        <Text as="span" textStyle="xs" color="fg.muted" flexShrink={0}>
          {row.code}
        </Text>
      ) : null}
      <Box flex="1" minW="0" fontWeight={hasChildren ? 'semibold' : undefined}>
        {cell('description', {
          kind: 'text',
          display: row.description,
          initialText: row.description,
          label: `${field('description')}: ${row.description}`,
          testId: `cell-${row.id}-description`,
        })}
      </Box>
    </Flex>
  );
  const progress = (
    <Box role="cell" minW="0">
      {cell('progress', {
        kind: 'number',
        display: <ProgressBar value={row.progress} compact={isCompact} />,
        initialText: editorText(row, 'progress'),
        label: `${field('progress')}: ${progressText(row.progress)}`,
        testId: `cell-${row.id}-progress`,
        align: 'end',
      })}
    </Box>
  );
  const menu = (
    <Box role="cell">
      <RowMenu row={row} canEdit={canEdit} moves={moves} onAction={onAction} />
    </Box>
  );
  if (isCompact)
    return (
      <Grid templateColumns={columns} alignItems="center" gap="2" px="2" h="full" textStyle="sm">
        {description}
        {progress}
        {menu}
      </Grid>
    );
  return (
    <Grid templateColumns={columns} alignItems="center" gap="2" px="2" h="full" textStyle="sm">
      <Box role="cell" truncate color="fg.muted" textStyle="xs" title={row.code ?? undefined}>
        {row.code}
      </Box>
      {description}
      {DATE_FIELDS.map((f) => (
        <Box role="cell" key={f} minW="0">
          {cell(f, {
            kind: 'date',
            display: dateCell(row[f], i18n.language),
            initialText: editorText(row, f),
            label: `${field(f)}: ${dateCell(row[f], i18n.language) || '—'}`,
            testId: `cell-${row.id}-${f}`,
          })}
        </Box>
      ))}
      {progress}
      {COST_FIELDS.map((f) => (
        <Box role="cell" key={f} minW="0" fontVariantNumeric="tabular-nums">
          {cell(f, {
            kind: 'number',
            display: moneyText(row[f], row.currency),
            initialText: editorText(row, f),
            label: `${field(f)}: ${moneyText(row[f], row.currency) || '—'}`,
            testId: `cell-${row.id}-${f}`,
            align: 'end',
          })}
        </Box>
      ))}
      <Box role="cell" minW="0">
        {cell('currency', {
          kind: 'select',
          display: row.currency ?? '',
          initialText: row.currency ?? '',
          options: ACTIVITY_CURRENCIES.map((c) => ({ value: c, label: c })),
          label: `${field('currency')}: ${row.currency ?? '—'}`,
          testId: `cell-${row.id}-currency`,
        })}
      </Box>
      {attributes.map((attribute) => {
        const valueId = row.values[String(attribute.id)];
        const value = attribute.values.find((v) => v.id === valueId);
        return (
          <Box role="cell" key={attribute.id} minW="0">
            {cell(`attribute:${attribute.id}`, {
              kind: 'select',
              display: value?.name ?? '',
              initialText: valueId === undefined ? '' : String(valueId),
              options: attribute.values.map((v) => ({ value: String(v.id), label: v.name })),
              label: `${attribute.name}: ${value?.name ?? '—'}`,
              testId: `cell-${row.id}-attribute-${attribute.id}`,
            })}
          </Box>
        );
      })}
      {menu}
    </Grid>
  );
});

/**
 * The activity tree as a table: code, the description indented by level (with its expand/collapse toggle), dates,
 * progress, costs, currency and one column per attribute, each cell edited in place. On phones only the
 * description and the progress stay.
 */
export function ActivityTable(props: Props) {
  const { t } = useTranslation();
  const { lines, attributes } = props;
  const isCompact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    scrollMargin: HEADER_HEIGHT,
    overscan: 12,
  });
  const wideColumns = [...FIXED_COLUMNS, ...attributes.map(() => ATTRIBUTE_COLUMN), MENU_COLUMN];
  const columns = isCompact ? COMPACT_COLUMNS : wideColumns.join(' ');
  const minWidth = isCompact ? undefined : `${gridMinWidth(wideColumns)}px`;
  const headers = isCompact
    ? [t('quality_ui.progress.fields.description'), t('quality_ui.progress.fields.progress'), '']
    : [
        t('quality_ui.progress.fields.code'),
        t('quality_ui.progress.fields.description'),
        ...DATE_FIELDS.map((f) => t(`quality_ui.progress.fields.${f}`)),
        t('quality_ui.progress.fields.progress'),
        ...COST_FIELDS.map((f) => t(`quality_ui.progress.fields.${f}`)),
        t('quality_ui.progress.fields.currency'),
        ...attributes.map((a) => a.name),
        '',
      ];
  const rowsWithOpenCell = useMemo(
    () => new Set([...props.errors.keys()].map((k) => Number(k.split(':')[0]))),
    [props.errors],
  );

  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      bg="bg"
      overflow="hidden"
      role="table"
      aria-rowcount={lines.length}
      data-testid="activity-table"
    >
      <Box overflowX={isCompact ? 'hidden' : 'auto'}>
        <Box minW={minWidth}>
          <Box
            ref={scroller}
            overflowY="auto"
            overflowX="hidden"
            maxH={{ base: '68dvh', md: 'calc(100dvh - 340px)' }}
            minH="260px"
            data-testid="activity-scroller"
          >
            <Grid
              role="row"
              position="sticky"
              top="0"
              zIndex="2"
              templateColumns={columns}
              alignItems="center"
              gap="2"
              px="2"
              style={{ height: HEADER_HEIGHT }}
              bg="bg.muted"
              borderBottomWidth="1px"
              textStyle="xs"
              fontWeight="semibold"
              color="fg.muted"
            >
              {headers.map((h, i) => (
                <Box role="columnheader" key={i} truncate title={h || undefined}>
                  {h}
                </Box>
              ))}
            </Grid>
            <Box position="relative" style={{ height: virtual.getTotalSize() }}>
              {virtual.getVirtualItems().map((item) => {
                const line = lines[item.index];
                return (
                  <Box
                    key={line.row.id}
                    role="row"
                    aria-rowindex={item.index + 2}
                    aria-level={line.depth + 1}
                    position="absolute"
                    top="0"
                    left="0"
                    w="full"
                    zIndex={rowsWithOpenCell.has(line.row.id) ? 1 : undefined}
                    style={{ transform: `translateY(${item.start - HEADER_HEIGHT}px)`, height: ROW_HEIGHT }}
                    borderBottomWidth="1px"
                    bg="bg"
                    _hover={{ bg: 'bg.subtle' }}
                    data-testid="activity-row"
                    data-activity-id={line.row.id}
                  >
                    <ActivityTableRow {...props} line={line} isCompact={isCompact} columns={columns} />
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

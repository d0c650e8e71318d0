import type { KeyboardEvent, MouseEvent } from 'react';
import { Box, Flex, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Folder } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#domain/format';
import type { CboxCrumb, CboxItem } from '#domain/cbox-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { FileThumbnail } from '../../../widgets/upload/file-thumbnail.tsx';
import { dropTargetProps, startItemDrag } from './drag.ts';
import type { ItemAction } from './item-actions.ts';
import { ItemMenu } from './item-menu.tsx';
import { refKey, type ItemRef, type Selection } from './selection.ts';

export type ItemViewProps = {
  items: readonly CboxItem[];
  selection: Selection;
  onOpen: (item: CboxItem) => void;
  onAction: (item: CboxItem, action: ItemAction) => void;
  /** Items dropped on a folder of the view. */
  onMoveInto: (folderId: number, refs: ItemRef[]) => void;
  /** Delete pressed on a row: the selection (or that row) goes to the trash, after a confirmation. */
  onDeleteKey: (item: CboxItem) => void;
  /** Search hits: where each one is. */
  trails?: ReadonlyMap<string, readonly CboxCrumb[]>;
};

const testIdOf = (item: ItemRef) => `cbox-item-${item.kind}-${item.id}`;

/** The item's own behaviour wherever it is drawn: focus, Enter opens, Delete deletes, drag, drop onto folders. */
function useItemHandlers(props: ItemViewProps, item: CboxItem) {
  const { selection } = props;
  const dragRefs = selection.isSelected(item) ? selection.refs : [{ kind: item.kind, id: item.id }];
  return {
    tabIndex: 0,
    'data-testid': testIdOf(item),
    draggable: true,
    onDragStart: (e: React.DragEvent) => startItemDrag(e, dragRefs),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter') props.onOpen(item);
      else if (e.key === 'Delete') props.onDeleteKey(item);
      else if (e.key === ' ') {
        e.preventDefault();
        selection.toggle(item, e.shiftKey);
      }
    },
    ...(item.kind === 'folder' ? dropTargetProps(item.id, (refs) => props.onMoveInto(item.id, refs)) : {}),
  };
}

function SelectBox({ item, selection }: { item: CboxItem; selection: Selection }) {
  const { t } = useTranslation();
  return (
    <input
      type="checkbox"
      style={{ width: 18, height: 18, cursor: 'pointer' }}
      checked={selection.isSelected(item)}
      aria-label={t('cbox_ui.explorer.select_item', { name: item.name })}
      data-testid={`cbox-select-${item.kind}-${item.id}`}
      onChange={() => undefined}
      onClick={(e: MouseEvent) => {
        e.stopPropagation();
        selection.toggle(item, e.shiftKey);
      }}
    />
  );
}

function ItemIcon({ item, size }: { item: CboxItem; size: number }) {
  if (item.kind === 'folder')
    return (
      <Flex w={`${size}px`} h={`${size}px`} align="center" justify="center" color="brand.solid" flexShrink={0}>
        <Folder size={Math.round(size * 0.8)} aria-hidden="true" />
      </Flex>
    );
  return <FileThumbnail file={item} size={size} />;
}

function ItemName({ item, onOpen, trail }: { item: CboxItem; onOpen: () => void; trail?: readonly CboxCrumb[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0" minW="0">
      <Box
        as="button"
        textAlign="start"
        fontWeight="medium"
        truncate
        _hover={{ textDecoration: 'underline' }}
        onClick={(e: MouseEvent) => {
          e.stopPropagation();
          onOpen();
        }}
        tabIndex={-1}
      >
        {item.name}
      </Box>
      {trail ? (
        <Text textStyle="xs" color="fg.muted" truncate data-testid={`cbox-trail-${item.kind}-${item.id}`}>
          {[t('cbox_ui.explorer.root'), ...trail.map((c) => c.name)].join(' / ')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Size, type (extension) and who made it: what a folder does not have shows as its item count. */
function useItemFacts() {
  const { t, i18n } = useTranslation();
  return (item: CboxItem) => ({
    size: item.kind === 'file' ? formatBytes(item.size) : t('cbox_ui.explorer.item_count', { count: item.item_count }),
    type: item.kind === 'file' ? item.extension.toUpperCase() : t('cbox_ui.explorer.folder'),
    modified: dateText(item.updated_at, i18n.language),
    createdBy: item.created_by?.name ?? '',
  });
}

/** The table view: checkbox, icon, name, size, type, modified, created by, actions; a compact list below md. */
export function ItemTable(props: ItemViewProps) {
  const { t } = useTranslation();
  const { items, selection } = props;
  const facts = useItemFacts();
  const wide = { base: 'none', md: 'table-cell' } as const;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" interactive data-testid="cbox-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">
              <input
                type="checkbox"
                style={{ width: 18, height: 18 }}
                checked={selection.allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = selection.count > 0 && !selection.allSelected;
                }}
                onChange={(e) => selection.setAll(e.currentTarget.checked)}
                aria-label={t('cbox_ui.explorer.select_all')}
                data-testid="cbox-select-all"
              />
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('cbox_ui.explorer.column.name')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>{t('cbox_ui.explorer.column.size')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>{t('cbox_ui.explorer.column.type')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>{t('cbox_ui.explorer.column.modified')}</Table.ColumnHeader>
            <Table.ColumnHeader display={wide}>{t('cbox_ui.explorer.column.created_by')}</Table.ColumnHeader>
            <Table.ColumnHeader w="12">
              <Box srOnly>{t('cbox_ui.explorer.column.actions')}</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => (
            <ItemRow key={refKey(item)} {...props} item={item} facts={facts(item)} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function ItemRow(props: ItemViewProps & { item: CboxItem; facts: ReturnType<ReturnType<typeof useItemFacts>> }) {
  const { item, facts, selection } = props;
  const handlers = useItemHandlers(props, item);
  const wide = { base: 'none', md: 'table-cell' } as const;
  return (
    <Table.Row
      {...handlers}
      aria-selected={selection.isSelected(item)}
      onDoubleClick={() => props.onOpen(item)}
      bg={selection.isSelected(item) ? 'brand.subtle' : undefined}
      css={{ '&[data-drop-over]': { outline: '2px dashed', outlineColor: 'var(--chakra-colors-brand-solid)' } }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
    >
      <Table.Cell>
        <SelectBox item={item} selection={selection} />
      </Table.Cell>
      <Table.Cell maxW={{ base: '52', md: '96' }}>
        <Flex gap="3" align="center" minW="0">
          <ItemIcon item={item} size={32} />
          <Stack gap="0" minW="0">
            <ItemName item={item} onOpen={() => props.onOpen(item)} trail={props.trails?.get(refKey(item))} />
            <Text textStyle="xs" color="fg.muted" display={{ base: 'block', md: 'none' }} truncate>
              {[facts.size, facts.modified].join(' · ')}
            </Text>
          </Stack>
        </Flex>
      </Table.Cell>
      <Table.Cell display={wide} whiteSpace="nowrap">
        {facts.size}
      </Table.Cell>
      <Table.Cell display={wide}>{facts.type}</Table.Cell>
      <Table.Cell display={wide} whiteSpace="nowrap">
        {facts.modified}
      </Table.Cell>
      <Table.Cell display={wide}>{facts.createdBy}</Table.Cell>
      <Table.Cell textAlign="end">
        <ItemMenu item={item} onAction={(action) => props.onAction(item, action)} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The grid view: a card per item with its thumbnail (or folder icon), its checkbox and its menu. */
export function ItemGrid(props: ItemViewProps) {
  return (
    <SimpleGrid minChildWidth="150px" gap="3" data-testid="cbox-grid" role="list">
      {props.items.map((item) => (
        <ItemCard key={refKey(item)} {...props} item={item} />
      ))}
    </SimpleGrid>
  );
}

function ItemCard(props: ItemViewProps & { item: CboxItem }) {
  const { item, selection } = props;
  const handlers = useItemHandlers(props, item);
  const facts = useItemFacts()(item);
  return (
    <Stack
      role="listitem"
      {...handlers}
      onDoubleClick={() => props.onOpen(item)}
      borderWidth="1px"
      borderRadius="md"
      p="2"
      gap="2"
      bg={selection.isSelected(item) ? 'brand.subtle' : 'bg'}
      css={{ '&[data-drop-over]': { outline: '2px dashed', outlineColor: 'var(--chakra-colors-brand-solid)' } }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
    >
      <Flex justify="space-between" align="center">
        <SelectBox item={item} selection={selection} />
        <ItemMenu item={item} onAction={(action) => props.onAction(item, action)} />
      </Flex>
      <Flex justify="center" cursor="pointer" onClick={() => props.onOpen(item)}>
        <ItemIcon item={item} size={96} />
      </Flex>
      <ItemName item={item} onOpen={() => props.onOpen(item)} trail={props.trails?.get(refKey(item))} />
      <Text textStyle="xs" color="fg.muted">
        {facts.size}
      </Text>
    </Stack>
  );
}

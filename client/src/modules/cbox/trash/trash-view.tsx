import { useMemo, useState } from 'react';
import { Box, Button, Flex, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { File as FileIcon, Folder, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxTrashItem } from '#domain/cbox-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { cboxTrashQuery } from '../api/explorer-api.ts';
import { usePurgeItems, useRestoreItems } from '../api/explorer-mutations.ts';
import { selectionOf, useSelection, type ItemRef } from '../explorer/selection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the item is purged (0 on its last day). */
export const daysLeft = (purgeAt: string, now = Date.now()) =>
  Math.max(0, Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS));

/**
 * The trash (docs/product.md §2 Cbox): what the caller deleted (administrators: everything), where it was, who
 * deleted it and when, and how long it stays; restore it, or delete it for good after a confirmation.
 */
export function TrashView({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useQuery(cboxTrashQuery(page));
  return (
    <QueryState query={query}>
      {(data) => (
        <TrashPage items={data.data} page={page} total={data.total} rowsPerPage={data.rowsPerPage} onPage={onPage} />
      )}
    </QueryState>
  );
}

function TrashPage({
  items,
  page,
  total,
  rowsPerPage,
  onPage,
}: {
  items: CboxTrashItem[];
  page: number;
  total: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const selection = useSelection(items);
  const restore = useRestoreItems();
  const purge = usePurgeItems();
  const [purging, setPurging] = useState<ItemRef[] | null>(null);
  const wide = { base: 'none', md: 'table-cell' } as const;
  const now = useMemo(() => Date.now(), []);

  const restoreItems = (refs: readonly ItemRef[]) =>
    restore.mutate(selectionOf(refs), {
      onSuccess: (answer) => showSuccessToast(t('cbox_ui.trash.restored', { count: answer.data.restored })),
    });

  if (!items.length)
    return (
      <Stack align="center" py="12" color="fg.muted" data-testid="cbox-trash-empty">
        <Trash2 size={40} aria-hidden="true" />
        <Text fontWeight="medium">{t('cbox_ui.trash.empty')}</Text>
      </Stack>
    );

  return (
    <Stack gap="3" data-testid="cbox-trash">
      <Text textStyle="sm" color="fg.muted">
        {t('cbox_ui.trash.intro', { days: CBOX_LIMITS.trashDays })}
      </Text>
      {selection.count ? (
        <Flex
          gap="2"
          wrap="wrap"
          align="center"
          p="2"
          borderRadius="md"
          bg="brand.subtle"
          data-testid="cbox-trash-bulk"
        >
          <Text fontWeight="medium">{t('cbox_ui.explorer.selected', { count: selection.count })}</Text>
          <Button size="sm" variant="outline" loading={restore.isPending} onClick={() => restoreItems(selection.refs)}>
            <RotateCcw size={16} aria-hidden="true" />
            {t('cbox_ui.trash.restore')}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setPurging(selection.refs)}>
            <Trash2 size={16} aria-hidden="true" />
            {t('cbox_ui.trash.purge')}
          </Button>
        </Flex>
      ) : null}
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="cbox-trash-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10">
                <input
                  type="checkbox"
                  style={{ width: 18, height: 18 }}
                  checked={selection.allSelected}
                  onChange={(e) => selection.setAll(e.currentTarget.checked)}
                  aria-label={t('cbox_ui.explorer.select_all')}
                />
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t('cbox_ui.explorer.column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide}>{t('cbox_ui.trash.was_in')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide}>{t('cbox_ui.trash.deleted_by')}</Table.ColumnHeader>
              <Table.ColumnHeader display={wide}>{t('cbox_ui.trash.deleted_at')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('cbox_ui.trash.days_left')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>{t('cbox_ui.explorer.column.actions')}</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => (
              <Table.Row key={`${item.kind}:${item.id}`} data-testid={`cbox-trash-${item.kind}-${item.id}`}>
                <Table.Cell>
                  <input
                    type="checkbox"
                    style={{ width: 18, height: 18 }}
                    checked={selection.isSelected(item)}
                    onChange={() => undefined}
                    onClick={(e) => selection.toggle(item, e.shiftKey)}
                    aria-label={t('cbox_ui.explorer.select_item', { name: item.name })}
                  />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2" minW="0" maxW={{ base: '9rem', sm: 'none' }}>
                    {item.kind === 'folder' ? (
                      <Folder size={18} aria-hidden="true" />
                    ) : (
                      <FileIcon size={18} aria-hidden="true" />
                    )}
                    <Text truncate>{item.name}</Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell display={wide}>
                  {[t('cbox_ui.explorer.root'), ...item.trail.map((c) => c.name)].join(' / ')}
                </Table.Cell>
                <Table.Cell display={wide}>{item.deleted_by?.name ?? ''}</Table.Cell>
                <Table.Cell display={wide} whiteSpace="nowrap">
                  {dateTimeText(item.deleted_at, i18n.language)}
                </Table.Cell>
                <Table.Cell>{t('cbox_ui.trash.days', { count: daysLeft(item.purge_at, now) })}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="flex-end">
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={t('cbox_ui.trash.restore_item', { name: item.name })}
                      title={t('cbox_ui.trash.restore')}
                      onClick={() => restoreItems([item])}
                      data-testid={`cbox-trash-restore-${item.kind}-${item.id}`}
                    >
                      <RotateCcw size={16} />
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('cbox_ui.trash.purge_item', { name: item.name })}
                      title={t('cbox_ui.trash.purge')}
                      onClick={() => setPurging([{ kind: item.kind, id: item.id }])}
                      data-testid={`cbox-trash-purge-${item.kind}-${item.id}`}
                    >
                      <Trash2 size={16} />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <TablePagination page={page} total={total} rowsPerPage={rowsPerPage} onPageChange={onPage} />
      <ConfirmDialog
        open={purging !== null}
        danger
        title={t('cbox_ui.trash.purge_title', { count: purging?.length ?? 0 })}
        body={t('cbox_ui.trash.purge_body')}
        confirmLabel={t('cbox_ui.trash.purge')}
        busy={purge.isPending}
        testId="cbox-purge-confirm"
        onClose={() => setPurging(null)}
        onConfirm={() =>
          purging &&
          purge.mutate(selectionOf(purging), {
            onSuccess: (answer) => {
              showSuccessToast(t('cbox_ui.trash.purged', { count: answer.data.purged }));
              setPurging(null);
            },
          })
        }
      />
    </Stack>
  );
}

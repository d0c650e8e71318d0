import { useState } from 'react';
import { Button, Dialog, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Folder } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CBOX_LIMITS, holdsLevel } from '#domain/cbox';
import { QueryState } from '../../../widgets/query-state.tsx';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { cboxFolderQuery, cboxListingQuery } from '../api/explorer-api.ts';
import type { ItemRef } from './selection.ts';

const FOLDERS_ONLY = {
  sort: 'name',
  order: 'asc',
  type: 'folder',
  page: 1,
  rowsPerPage: CBOX_LIMITS.pageSizeMax,
} as const;

/**
 * Where to move a selection: walks the library's folders (only folders, from the root down) and moves into the one
 * open. The folders being moved cannot be entered (nothing moves into itself); a folder needs can-edit to receive.
 */
export function MoveDialog({
  items,
  busy,
  onMove,
  onClose,
}: {
  items: readonly ItemRef[];
  busy: boolean;
  onMove: (targetId: number | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [at, setAt] = useState<{ id: number | null; name: string }[]>([]);
  const current = at.length ? at[at.length - 1].id : null;
  const folders = useQuery(cboxListingQuery(current, FOLDERS_ONLY));
  const detail = useQuery({ ...cboxFolderQuery(current ?? 0), enabled: current !== null });
  const moving = new Set(items.filter((r) => r.kind === 'folder').map((r) => r.id));
  const mayReceive = current === null || Boolean(detail.data && holdsLevel(detail.data.folder.levels, 'can-edit'));

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cbox-move-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('cbox_ui.explorer.move_title', { count: items.length })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Flex gap="1" wrap="wrap" mb="3" aria-label={t('cbox_ui.explorer.breadcrumbs')} role="navigation">
                {[{ id: null, name: t('cbox_ui.explorer.root') }, ...at].map((step, i) => (
                  <Flex key={step.id ?? 'root'} align="center" gap="1">
                    {i > 0 ? <ChevronRight size={14} aria-hidden="true" /> : null}
                    <Button size="xs" variant="ghost" onClick={() => setAt(at.slice(0, i))} disabled={i === at.length}>
                      {step.name}
                    </Button>
                  </Flex>
                ))}
              </Flex>
              <QueryState query={folders} minH="8rem">
                {(page) => {
                  const list = page.data.filter((i) => i.kind === 'folder');
                  if (!list.length) return <Text color="fg.muted">{t('cbox_ui.explorer.move_no_folders')}</Text>;
                  return (
                    <Stack gap="1" role="list">
                      {list.map((f) => (
                        <Button
                          key={f.id}
                          role="listitem"
                          variant="ghost"
                          justifyContent="flex-start"
                          disabled={moving.has(f.id)}
                          onClick={() => setAt([...at, { id: f.id, name: f.name }])}
                          data-testid={`cbox-move-folder-${f.id}`}
                        >
                          <Folder size={16} aria-hidden="true" />
                          {f.name}
                        </Button>
                      ))}
                    </Stack>
                  );
                }}
              </QueryState>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                loading={busy}
                disabled={!mayReceive}
                onClick={() => onMove(current)}
                data-testid="cbox-move-here"
              >
                {t('cbox_ui.explorer.move_here')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

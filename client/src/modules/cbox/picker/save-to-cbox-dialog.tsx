import { useEffect } from 'react';
import { Button, Dialog, HStack, Portal, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cboxFolderPath, holdsLevel } from '#domain/cbox';
import { showSuccessToast } from '../../../api/notify.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import type { LibrarySaveRequest } from '../../../widgets/upload/attachment-sources.tsx';
import { cboxContentsQuery, cboxSummaryQuery, useSaveToCbox } from '../api/copies-api.ts';
import { FolderRow, LibraryCrumbs, useLibraryTrail } from './library-browser.tsx';

/**
 * docs/product.md §1 "files attached elsewhere can be saved to Cbox": the user walks to a folder they may edit (the
 * root only for library administrators) and saves a copy there (POST biblioteca/guardar); the toast leads to it.
 */
export function SaveToCboxDialog({ file, onClose }: { file: LibrarySaveRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const browser = useLibraryTrail();
  const open = file !== null;
  const save = useSaveToCbox();
  const { reset } = save;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const here = useQuery({ ...cboxContentsQuery({ folderId: browser.folderId, type: 'folder' }), enabled: open });
  const summary = useQuery({ ...cboxSummaryQuery, enabled: open });
  // Files go at the root only from library administrators (server/src/modules/cbox/shared/access.ts assertCanAddTo);
  // a folder's levels came with the listing it was opened from.
  const mayAddHere =
    browser.folderId === null
      ? Boolean(summary.data?.is_admin)
      : Boolean(browser.levels && holdsLevel(browser.levels, 'can-edit'));
  const folders = (here.data?.data ?? []).filter((i) => i.kind === 'folder');

  const confirm = () => {
    if (!file) return;
    const folderId = browser.folderId;
    save.mutate(
      { path: file.path, folder_id: folderId },
      {
        onSuccess: (item) => {
          onClose();
          showSuccessToast(t('cbox_ui.save.saved', { name: item.name }), {
            action: { label: t('cbox_ui.save.open_folder'), onClick: () => navigate(cboxFolderPath(folderId)) },
          });
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !save.isPending && onClose()}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cbox-save-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('cbox_ui.save.title', { name: file?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <LibraryCrumbs trail={browser.trail} onGoTo={browser.goTo} />
                {here.isPending ? (
                  <Spinner alignSelf="center" />
                ) : here.isError ? (
                  <Text color="fg.error">{t('cbox_ui.picker.load_failed')}</Text>
                ) : folders.length === 0 ? (
                  <Text color="fg.muted">{t('cbox_ui.save.no_folders')}</Text>
                ) : (
                  <chakra.ul m="0" p="0" aria-label={t('cbox_ui.save.folders')}>
                    {folders.map((folder) => (
                      <FolderRow key={folder.id} folder={folder} onOpen={() => browser.open(folder)} />
                    ))}
                  </chakra.ul>
                )}
                {!mayAddHere && !summary.isPending ? (
                  <Text fontSize="sm" color="fg.muted" data-testid="cbox-save-not-here">
                    {t('cbox_ui.save.not_here')}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2">
                <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                  {t('cbox_ui.save.cancel')}
                </Button>
                <Button
                  colorPalette="brand"
                  loading={save.isPending}
                  disabled={!mayAddHere}
                  onClick={confirm}
                  data-testid="cbox-save-confirm"
                >
                  {t('cbox_ui.save.confirm')}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={save.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { createContext, useContext, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { FolderUp, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CBOX_DRAG_TYPE } from '#domain/cbox';
import { acceptedExtensions } from '#domain/files';
import { ConflictDialog } from './conflict-dialog.tsx';
import { entriesOfDrop, treeOfEntries, treeOfRelativePaths } from './dropped-tree.ts';
import { UploadPanel } from './upload-panel.tsx';
import { uploadQueue } from './upload-queue.ts';
import { uploadTree, useUploadQueue } from './use-upload-queue.ts';

type Pickers = { canUpload: boolean; pickFiles(): void; pickFolder(): void };
const PickersContext = createContext<Pickers | null>(null);

/** Files from the computer ('Files'), not the explorer's own items being moved (CBOX_DRAG_TYPE). */
const isComputerDrag = (e: DragEvent) => {
  const types = Array.from(e.dataTransfer?.types ?? []);
  return types.includes('Files') && !types.includes(CBOX_DRAG_TYPE);
};

/**
 * The explorer's uploads (uploads/index.ts has the contract): wraps its content in a drop zone for files and whole
 * folders from the computer, offers the pickers to <UploadButton />, and shows the upload panel and the dialog for
 * taken names.
 */
export function CboxUploads({
  folderId,
  canUpload,
  children,
}: {
  folderId: number | null;
  canUpload: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const items = useUploadQueue();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const conflicts = items.filter((it) => it.status === 'conflict');

  // A file dropped where it cannot go up is still caught: the browser would otherwise open it in place of the app.
  const onDragOver = (e: DragEvent) => {
    if (!isComputerDrag(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = canUpload ? 'copy' : 'none';
    if (canUpload && !dragging) setDragging(true);
  };
  const onDragLeave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    setDragging(false);
    if (!isComputerDrag(e)) return;
    e.preventDefault();
    if (!canUpload) return;
    const entries = entriesOfDrop(e.dataTransfer.items);
    if (entries) void treeOfEntries(entries).then((tree) => uploadTree(tree, folderId));
    else uploadQueue.add(Array.from(e.dataTransfer.files), folderId);
  };

  const pickers: Pickers = {
    canUpload,
    pickFiles: () => files.current?.click(),
    pickFolder: () => folder.current?.click(),
  };
  return (
    <PickersContext.Provider value={pickers}>
      <Box
        position="relative"
        minH="full"
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        data-testid="cbox-drop-zone"
      >
        {children}
        {dragging && (
          <Box
            position="absolute"
            inset="0"
            borderWidth="2px"
            borderStyle="dashed"
            borderColor="brand.solid"
            bg="bg.subtle/80"
            display="flex"
            alignItems="center"
            justifyContent="center"
            pointerEvents="none"
            p="4"
            data-testid="cbox-drop-overlay"
          >
            <Text fontWeight="medium" textAlign="center">
              {t('cbox_ui.uploads.drop_here')}
            </Text>
          </Box>
        )}
      </Box>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        accept={acceptedExtensions('library')
          .map((e) => `.${e}`)
          .join(',')}
        data-testid="cbox-upload-input"
        onChange={(e) => {
          uploadQueue.add(Array.from(e.target.files ?? []), folderId);
          e.target.value = '';
        }}
      />
      <input
        ref={(el) => {
          folder.current = el;
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        hidden
        data-testid="cbox-upload-folder-input"
        onChange={(e) => {
          void uploadTree(treeOfRelativePaths(Array.from(e.target.files ?? [])), folderId);
          e.target.value = '';
        }}
      />
      <UploadPanel items={items} />
      <ConflictDialog
        item={conflicts[0]}
        others={conflicts.length - 1}
        onChoose={(key, choice, all) => uploadQueue.resolveConflict(key, choice, all)}
      />
    </PickersContext.Provider>
  );
}

/** Opens the file picker, or the folder picker (its sub-folders are created in the library). */
export function UploadButton() {
  const { t } = useTranslation();
  const pickers = useContext(PickersContext);
  if (!pickers?.canUpload) return null;
  return (
    <HStack gap="2" flexWrap="wrap">
      <Button size="sm" colorPalette="brand" onClick={pickers.pickFiles}>
        <Upload aria-hidden />
        {t('cbox_ui.uploads.upload_files')}
      </Button>
      <Button size="sm" variant="outline" onClick={pickers.pickFolder}>
        <FolderUp aria-hidden />
        {t('cbox_ui.uploads.upload_folder')}
      </Button>
    </HStack>
  );
}

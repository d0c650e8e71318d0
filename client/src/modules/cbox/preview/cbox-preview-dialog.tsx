import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Dialog, HStack, IconButton, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CboxFileItem } from '#domain/cbox-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { downloadFile } from '../../../widgets/upload/download.ts';
import { fileContentUrl, fileDetailQuery } from '../api/files-api.ts';
import { FileDetailsDialog } from '../sharing/index.ts';
import { FilePreview } from './file-preview.tsx';
import { placeAmong } from './preview-kind.ts';

/** Keys a focused field or a media player needs for itself (← → seek a video). */
const keepsArrows = (target: EventTarget) =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLMediaElement;

/**
 * docs/product.md §2 Cbox preview: a large dialog (the whole screen on a phone) with the file's name, its place
 * among the listing's files, previous / next (buttons and ← →, stopping at the ends), download and details.
 */
export function CboxPreviewDialog({
  fileId,
  siblings,
  onNavigate,
  onClose,
}: {
  fileId: number;
  siblings: readonly CboxFileItem[];
  onNavigate: (fileId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(fileDetailQuery(fileId));
  const [showDetails, setShowDetails] = useState(false);
  const place = placeAmong(siblings, fileId);
  const name = query.data?.file.name ?? siblings.find((s) => s.id === fileId)?.name ?? '';
  const download = () => void downloadFile(fileContentUrl(fileId), { name, withCredentials: true });
  const go = (id: number | undefined) => id !== undefined && onNavigate(id);
  const content = useRef<HTMLDivElement>(null);
  // At either end its button is disabled and drops the focus: the dialog takes it back, so ← → keep working.
  useEffect(() => {
    const el = content.current;
    const focused = document.activeElement;
    if (el && (!el.contains(focused) || (focused instanceof HTMLButtonElement && focused.disabled))) el.focus();
  }, [fileId]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!place || e.ctrlKey || e.metaKey || e.altKey || keepsArrows(e.target)) return;
    const target = e.key === 'ArrowLeft' ? place.previous : e.key === 'ArrowRight' ? place.next : undefined;
    if (target === undefined) return;
    e.preventDefault();
    go(target);
  };

  return (
    <>
      <Dialog.Root
        open
        onOpenChange={(d) => !d.open && onClose()}
        size={{ base: 'full', md: 'cover' }}
        motionPreset="none"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content ref={content} data-testid="cbox-preview" onKeyDown={onKeyDown}>
              <Dialog.Header py="2" pe="12">
                <Stack gap="1" width="full" minW="0">
                  <Dialog.Title truncate data-testid="cbox-preview-name">
                    {name}
                  </Dialog.Title>
                  <HStack gap="1" wrap="wrap">
                    {place ? (
                      <>
                        <IconButton
                          variant="ghost"
                          aria-label={t('cbox_ui.preview.previous')}
                          disabled={place.previous === undefined}
                          onClick={() => go(place.previous)}
                          data-testid="cbox-preview-previous"
                        >
                          <ChevronLeft size={20} />
                        </IconButton>
                        <Text textStyle="sm" aria-live="polite" data-testid="cbox-preview-position">
                          {t('cbox_ui.preview.position', { index: place.index + 1, count: place.count })}
                        </Text>
                        <IconButton
                          variant="ghost"
                          aria-label={t('cbox_ui.preview.next')}
                          disabled={place.next === undefined}
                          onClick={() => go(place.next)}
                          data-testid="cbox-preview-next"
                        >
                          <ChevronRight size={20} />
                        </IconButton>
                        <VisuallyHidden>{t('cbox_ui.preview.keys_hint')}</VisuallyHidden>
                      </>
                    ) : null}
                    <Box flex="1" />
                    <IconButton
                      variant="ghost"
                      aria-label={t('cbox_ui.preview.download')}
                      onClick={download}
                      data-testid="cbox-preview-download"
                    >
                      <Download size={20} />
                    </IconButton>
                    <IconButton
                      variant="ghost"
                      aria-label={t('cbox_ui.preview.details')}
                      onClick={() => setShowDetails(true)}
                      data-testid="cbox-preview-details"
                    >
                      <Info size={20} />
                    </IconButton>
                  </HStack>
                </Stack>
              </Dialog.Header>
              <Dialog.Body display="flex" alignItems="center" justifyContent="center" p="2" minH="0" overflow="auto">
                <QueryState query={query} minH="40vh">
                  {(detail) => <FilePreview file={detail.file} onDownload={download} />}
                </QueryState>
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('cbox_ui.preview.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {showDetails ? <FileDetailsDialog fileId={fileId} onClose={() => setShowDetails(false)} /> : null}
    </>
  );
}

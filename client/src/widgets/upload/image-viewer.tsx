import { useEffect, useState, type KeyboardEvent } from 'react';
import { Box, Button, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Download, ImageOff, Maximize, PenLine, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from './download.ts';
import { ImageMarkup } from './image-markup.tsx';
import { absoluteFileUrl, type StoredFile } from './upload-api.ts';
import { useZoomView } from './use-zoom-view.ts';
import { MAX_SCALE, MIN_SCALE } from './zoom.ts';

export type ImageViewerProps = {
  open: boolean;
  onClose(): void;
  /** A storage path or a URL of the image. */
  src: string | null | undefined;
  title?: string;
  /** Browsing a record's images: where this one is, and how to move (docs/product.md §2 image viewer). */
  gallery?: { index: number; count: number; onIndex(index: number): void };
  /**
   * Offered to whoever may add a photo to the image's record: "Marcar" draws on a copy, and `onSave`
   * attaches the uploaded copy beside the original (which never changes).
   */
  markup?: { onSave(copy: StoredFile): Promise<unknown> };
};

/** Phone screens: 44 px touch targets (docs/product.md §2). */
const headerButton = { variant: 'ghost', color: 'white', size: 'lg', _hover: { bg: 'whiteAlpha.200' } } as const;
const isTyping = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/**
 * docs/product.md §2 image viewer: a full-screen dialog with title, download, close and zoom (buttons, wheel,
 * pinch; a zoomed image pans), keys + − 0 to zoom and ← → to browse (Esc closes), a message when the image
 * cannot be shown, and "Marcar" where the record takes photos. docs/product.md §7: the download GETs a blob
 * with no-cache, without asking for credentials, and saves it under the name taken from the image's path.
 */
export function ImageViewer({ open, onClose, src, title, gallery, markup }: ImageViewerProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const [marking, setMarking] = useState(false);
  const { zoom, zoomIn, zoomOut, reset, viewportRef, handlers } = useZoomView(`${open}:${src}`);
  useEffect(() => {
    setBroken(false);
    setMarking(false);
  }, [src, open]);
  const url = src ? absoluteFileUrl(src) : undefined;
  const browsing = gallery && gallery.count > 1 && !marking ? gallery : undefined;
  const move = (step: number) =>
    browsing && browsing.onIndex((browsing.index + step + browsing.count) % browsing.count);
  const showing = Boolean(url && !broken);

  const onKeyDown = (e: KeyboardEvent) => {
    if (marking || isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    const action: Record<string, (() => void) | undefined> = {
      ArrowLeft: () => move(-1),
      ArrowRight: () => move(1),
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      _: zoomOut,
      '0': reset,
    };
    const run = showing || e.key.startsWith('Arrow') ? action[e.key] : undefined;
    if (!run) return;
    e.preventDefault();
    run();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      size="full"
      motionPreset="none"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="gray.900" color="white" data-testid="image-viewer" onKeyDown={onKeyDown}>
            <Dialog.Header py="2">
              <HStack justify="space-between" width="full" gap="2" wrap="wrap">
                <Dialog.Title truncate minW="0" flex="1">
                  {title ?? ''}
                </Dialog.Title>
                <HStack gap="1" wrap="wrap" justify="flex-end">
                  {browsing ? (
                    <>
                      <IconButton
                        {...headerButton}
                        aria-label={t('files.image_viewer.previous')}
                        onClick={() => move(-1)}
                      >
                        <ChevronLeft size={20} />
                      </IconButton>
                      <Text textStyle="sm" data-testid="image-viewer-position">
                        {t('files.image_viewer.position', { index: browsing.index + 1, count: browsing.count })}
                      </Text>
                      <IconButton {...headerButton} aria-label={t('files.image_viewer.next')} onClick={() => move(1)}>
                        <ChevronRight size={20} />
                      </IconButton>
                    </>
                  ) : null}
                  {showing && !marking ? (
                    <HStack gap="1" role="group" aria-label={t('files.image_viewer.zoom')}>
                      <IconButton
                        {...headerButton}
                        aria-label={t('files.image_viewer.zoom_out')}
                        onClick={zoomOut}
                        disabled={zoom.scale <= MIN_SCALE}
                      >
                        <ZoomOut size={20} />
                      </IconButton>
                      <Text
                        textStyle="sm"
                        minW="12"
                        textAlign="center"
                        aria-live="polite"
                        data-testid="image-viewer-zoom"
                      >
                        {t('files.image_viewer.zoom_level', { percent: Math.round(zoom.scale * 100) })}
                      </Text>
                      <IconButton
                        {...headerButton}
                        aria-label={t('files.image_viewer.zoom_in')}
                        onClick={zoomIn}
                        disabled={zoom.scale >= MAX_SCALE}
                      >
                        <ZoomIn size={20} />
                      </IconButton>
                      <IconButton
                        {...headerButton}
                        aria-label={t('files.image_viewer.zoom_reset')}
                        onClick={reset}
                        disabled={zoom.scale === 1}
                      >
                        <Maximize size={20} />
                      </IconButton>
                    </HStack>
                  ) : null}
                  {markup && showing && !marking ? (
                    <Button {...headerButton} onClick={() => setMarking(true)} data-testid="image-viewer-markup">
                      <PenLine size={18} aria-hidden />
                      {t('files.markup.start')}
                    </Button>
                  ) : null}
                  <IconButton
                    {...headerButton}
                    aria-label={t('files.image_viewer.download')}
                    disabled={!url}
                    onClick={() => url && void downloadFile(url, { withCredentials: false })}
                  >
                    <Download size={20} />
                  </IconButton>
                  <IconButton {...headerButton} aria-label={t('files.image_viewer.close')} onClick={onClose}>
                    <X size={20} />
                  </IconButton>
                </HStack>
              </HStack>
            </Dialog.Header>
            <Dialog.Body display="flex" alignItems="center" justifyContent="center" p="2" overflow="hidden">
              {url && markup && marking ? (
                <ImageMarkup
                  url={url}
                  name={title || t('files.markup.untitled')}
                  onSave={markup.onSave}
                  onDone={() => setMarking(false)}
                />
              ) : url && !broken ? (
                <Box
                  ref={viewportRef}
                  width="full"
                  height="full"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  overflow="hidden"
                  touchAction="none"
                  cursor={zoom.scale > 1 ? 'grab' : 'zoom-in'}
                  data-testid="image-viewer-viewport"
                  {...handlers}
                >
                  <img
                    src={url}
                    alt={title ?? ''}
                    draggable={false}
                    onError={() => setBroken(true)}
                    data-scale={zoom.scale}
                    style={{
                      maxWidth: '100%',
                      maxHeight: 'calc(100vh - 96px)',
                      objectFit: 'contain',
                      transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
                      transformOrigin: 'center',
                      userSelect: 'none',
                    }}
                  />
                </Box>
              ) : (
                <Stack align="center" gap="3" color="gray.300" role="status">
                  <ImageOff size={48} aria-hidden />
                  <Text>{t('files.image_viewer.unavailable')}</Text>
                </Stack>
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

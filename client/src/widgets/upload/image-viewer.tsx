import { useEffect, useState } from 'react';
import { Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Download, ImageOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from './download.ts';
import { absoluteFileUrl } from './upload-api.ts';

export type ImageViewerProps = {
  open: boolean;
  onClose(): void;
  /** A storage path or a URL of the image. */
  src: string | null | undefined;
  title?: string;
  /** Browsing a record's images: where this one is, and how to move (docs/product.md §2 image viewer). */
  gallery?: { index: number; count: number; onIndex(index: number): void };
};

/**
 * docs/product.md §2 image viewer: a full-screen dialog with title, download and close, and a message when the
 * image cannot be shown. docs/product.md §7: the download GETs a blob with no-cache, without asking for
 * credentials, and saves it under the name taken from the image's path.
 */
export function ImageViewer({ open, onClose, src, title, gallery }: ImageViewerProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  const url = src ? absoluteFileUrl(src) : undefined;
  const browsing = gallery && gallery.count > 1 ? gallery : undefined;
  const move = (step: number) =>
    browsing && browsing.onIndex((browsing.index + step + browsing.count) % browsing.count);

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
          <Dialog.Content
            bg="gray.900"
            color="white"
            data-testid="image-viewer"
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft') move(-1);
              if (e.key === 'ArrowRight') move(1);
            }}
          >
            <Dialog.Header>
              <HStack justify="space-between" width="full" gap="2">
                <Dialog.Title truncate>{title ?? ''}</Dialog.Title>
                <HStack gap="1">
                  {browsing ? (
                    <>
                      <IconButton
                        variant="ghost"
                        color="white"
                        aria-label={t('files.image_viewer.previous')}
                        onClick={() => move(-1)}
                      >
                        <ChevronLeft size={20} />
                      </IconButton>
                      <Text textStyle="sm" data-testid="image-viewer-position">
                        {t('files.image_viewer.position', { index: browsing.index + 1, count: browsing.count })}
                      </Text>
                      <IconButton
                        variant="ghost"
                        color="white"
                        aria-label={t('files.image_viewer.next')}
                        onClick={() => move(1)}
                      >
                        <ChevronRight size={20} />
                      </IconButton>
                    </>
                  ) : null}
                  <IconButton
                    variant="ghost"
                    color="white"
                    aria-label={t('files.image_viewer.download')}
                    disabled={!url}
                    onClick={() => url && void downloadFile(url, { withCredentials: false })}
                  >
                    <Download size={20} />
                  </IconButton>
                  <IconButton
                    variant="ghost"
                    color="white"
                    aria-label={t('files.image_viewer.close')}
                    onClick={onClose}
                  >
                    <X size={20} />
                  </IconButton>
                </HStack>
              </HStack>
            </Dialog.Header>
            <Dialog.Body display="flex" alignItems="center" justifyContent="center" p="2">
              {url && !broken ? (
                <img
                  src={url}
                  alt={title ?? ''}
                  onError={() => setBroken(true)}
                  style={{ maxWidth: '100%', maxHeight: 'calc(100vh - 96px)', objectFit: 'contain' }}
                />
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

import { Button, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../close-button.tsx';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { categoryOf, extensionOf } from '#domain/files';
import { downloadFile } from './download.ts';
import { FileThumbnail, fileNameOf, type ThumbnailFile } from './file-thumbnail.tsx';
import { absoluteFileUrl } from './upload-api.ts';

/** docs/product.md §3 File, as much of it as a viewer needs. */
export type ViewerFile = ThumbnailFile & { url?: string | null; type?: string | null };

export type FileViewerProps = { file: ViewerFile | null | undefined; open: boolean; onClose(): void };

/** What the browser can show in place: images, PDF, video, audio; anything else gets its thumbnail. */
function Preview({ file, url, name }: { file: ViewerFile; url: string; name: string }) {
  const { t } = useTranslation();
  const extension = (file.extension || extensionOf(name)).toLowerCase();
  const category = categoryOf(extension);
  if (category === 'image' && ['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(extension)) {
    return <img src={url} alt={name} style={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} />;
  }
  if (extension === 'pdf')
    return <iframe src={url} title={name} style={{ width: '100%', height: '70vh', border: 0 }} />;
  if (category === 'video') return <video src={url} controls style={{ maxWidth: '100%', maxHeight: '70vh' }} />;
  if (category === 'audio') return <audio src={url} controls />;
  return (
    <Stack align="center" gap="3" py="6">
      <FileThumbnail file={file} />
      <Text color="fg.muted">{t('files.viewer.preview_unavailable')}</Text>
    </Stack>
  );
}

/**
 * docs/product.md §2 file viewer with download. docs/product.md §7/§8: the download sends credentials and answers with
 * 'downloaded_file' or a negative notification.
 */
export function FileViewer({ file, open, onClose }: FileViewerProps) {
  const { t } = useTranslation();
  const source = file ? file.url || file.path : undefined;
  const url = source ? absoluteFileUrl(source) : undefined;
  const name = file ? fileNameOf(file) : '';

  return (
    <Dialog.Root
      open={open && Boolean(file)}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      size="xl"
      motionPreset="none"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="file-viewer">
            <Dialog.Header>
              <Dialog.Title truncate>{name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" justifyContent="center">
              {file && url ? <Preview file={file} url={url} name={name} /> : null}
            </Dialog.Body>
            <Dialog.Footer>
              <HStack>
                <Button
                  colorPalette="brand"
                  disabled={!url}
                  onClick={() => url && void downloadFile(url, { name, withCredentials: true })}
                >
                  <Download size={16} aria-hidden /> {t('files.viewer.download')}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('files.image_viewer.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

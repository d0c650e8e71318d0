import { useEffect, useState } from 'react';
import { Box, HStack, IconButton, Link, Stack, chakra } from '@chakra-ui/react';
import { FolderInput, Paperclip } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { extensionOf, hasThumbnail, thumbnailPathOf } from '#domain/files';
import { downloadFile } from './download.ts';
import { FileThumbnail } from './file-thumbnail.tsx';
import { useAttachmentSources, type AttachmentSources } from './attachment-sources.tsx';
import { ImageViewer } from './image-viewer.tsx';
import type { StoredFile } from './upload-api.ts';

/** A record's attached file: its storage path (what the API stores) and/or a URL, and its name. */
export type GalleryFile = {
  id?: string | number;
  path?: string | null;
  url?: string | null;
  name?: string | null;
};

export type AttachmentGalleryProps = {
  files: readonly GalleryFile[];
  /** The name shown for a file without one ("Archivo 2"). */
  fallbackName?: (index: number) => string;
  /** Open a non-image in a viewer instead of downloading it. */
  onOpenFile?: (file: GalleryFile) => void;
  label?: string;
  /**
   * Where the record takes photos and the user may add one: the viewer offers "Marcar", and this attaches
   * the marked copy (already uploaded) to the record beside `source`. The gallery then shows the copy.
   */
  onMarkup?: (copy: StoredFile, source: GalleryFile) => Promise<unknown>;
};

const sourceOf = (f: GalleryFile) => f.path || f.url || '';

/** docs/product.md §1: "Guardar en Cbox" on a stored file, when the user holds the library. */
function SaveToLibrary(props: {
  file: GalleryFile;
  name: string;
  save: AttachmentSources['saveToLibrary'];
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  const { file, name, save } = props;
  if (!save || !file.path) return null;
  const path = file.path;
  return (
    <IconButton
      size="2xs"
      variant={props.overlay ? 'solid' : 'ghost'}
      colorPalette={props.overlay ? 'gray' : 'brand'}
      aria-label={t('files.uploader.save_to_library', { name })}
      title={t('files.uploader.save_to_library', { name })}
      data-testid="attachment-save-to-library"
      {...(props.overlay ? { position: 'absolute', top: '1', insetEnd: '1' } : {})}
      onClick={() => save({ path, name })}
    >
      <FolderInput size={14} />
    </IconButton>
  );
}
/** An image we can show: by its name's or path's extension (docs/product.md §9 thumbnails). */
export const isImageFile = (f: GalleryFile) =>
  hasThumbnail((extensionOf(f.name ?? '') || extensionOf(sourceOf(f).split('?')[0] ?? '')).toLowerCase());

/**
 * docs/product.md §2 file thumbnail + image viewer: a record's photos inline as thumbnails, each opening the
 * viewer with previous/next among that record's images; any other file keeps its chip, which downloads it.
 */
export function AttachmentGallery({ files, fallbackName, onOpenFile, label, onMarkup }: AttachmentGalleryProps) {
  const { t } = useTranslation();
  const { saveToLibrary } = useAttachmentSources();
  const [open, setOpen] = useState<number | null>(null);
  /** A marked copy just saved: the viewer moves to it once the record's files include it. */
  const [showNext, setShowNext] = useState<string | null>(null);
  const nameOf = (f: GalleryFile, i: number) =>
    f.name || sourceOf(f).split('/').pop() || (fallbackName ? fallbackName(i + 1) : '');
  const named = files.map((f, i) => ({ file: f, name: nameOf(f, i) }));
  const images = named.filter(({ file }) => sourceOf(file) && isImageFile(file));
  const others = named.filter(({ file }) => !images.some((im) => im.file === file));
  const copyIndex = showNext ? images.findIndex(({ file }) => sourceOf(file) === showNext) : -1;
  useEffect(() => {
    if (copyIndex < 0) return;
    setOpen(copyIndex);
    setShowNext(null);
  }, [copyIndex]);
  if (!files.length) return null;
  const groupLabel = label ?? t('widgets.observations.files');
  const current = open === null ? undefined : images[open];

  return (
    <Stack gap="2" mt="1">
      {images.length ? (
        <HStack gap="2" wrap="wrap" role="group" aria-label={groupLabel} data-testid="attachment-thumbnails">
          {images.map(({ file, name }, i) => (
            <Box key={file.id ?? sourceOf(file)} position="relative">
              <chakra.button
                type="button"
                borderRadius="md"
                cursor="zoom-in"
                _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                onClick={() => setOpen(i)}
                title={name}
                data-testid="attachment-thumbnail"
              >
                <FileThumbnail
                  size={72}
                  file={{ name, path: file.path, url_thumbnail: file.path ? thumbnailPathOf(file.path) : file.url }}
                />
              </chakra.button>
              <SaveToLibrary file={file} name={name} save={saveToLibrary} overlay />
            </Box>
          ))}
        </HStack>
      ) : null}
      {others.length ? (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={groupLabel}>
          {others.map(({ file, name }, i) => {
            const source = sourceOf(file);
            const content = (
              <>
                <Paperclip size={14} aria-hidden="true" />
                {name}
              </>
            );
            return (
              <chakra.li key={file.id ?? `${source}-${i}`} fontSize="sm" display="flex" alignItems="center" gap="1">
                {onOpenFile ? (
                  <Link asChild colorPalette="brand">
                    <button type="button" onClick={() => onOpenFile(file)}>
                      {content}
                    </button>
                  </Link>
                ) : source ? (
                  <Link asChild colorPalette="brand">
                    <button type="button" onClick={() => void downloadFile(source, { name, withCredentials: true })}>
                      {content}
                    </button>
                  </Link>
                ) : (
                  <HStack gap="1">{content}</HStack>
                )}
                <SaveToLibrary file={file} name={name} save={saveToLibrary} />
              </chakra.li>
            );
          })}
        </Stack>
      ) : null}
      <ImageViewer
        open={Boolean(current)}
        onClose={() => setOpen(null)}
        src={current ? sourceOf(current.file) : null}
        title={current?.name}
        gallery={open === null ? undefined : { index: open, count: images.length, onIndex: setOpen }}
        markup={
          onMarkup && current
            ? {
                onSave: async (copy) => {
                  await onMarkup(copy, current.file);
                  setShowNext(copy.path);
                },
              }
            : undefined
        }
      />
    </Stack>
  );
}

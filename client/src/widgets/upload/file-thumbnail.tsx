import { useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import {
  File as FileIcon,
  FileAudio,
  FileImage,
  FileText,
  FileVideo,
  DraftingCompass,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { categoryOf, extensionOf, type FileCategory } from '#domain/files';
import { UPLOAD } from '#domain/limits';
import { absoluteFileUrl } from './upload-api.ts';

/** Whatever describes a file in this app (docs/product.md §3 File, uploaded item, observation file). */
export type ThumbnailFile = {
  name?: string | null;
  filename?: string | null;
  download_name?: string | null;
  extension?: string | null;
  url_thumbnail?: string | null;
  path?: string | null;
  /** A local object URL while the file is still uploading. */
  previewUrl?: string;
};

const ICONS: Record<FileCategory, LucideIcon> = {
  document: FileText,
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  cad: DraftingCompass,
};

export const fileNameOf = (file: ThumbnailFile) =>
  file.download_name || file.name || file.filename || file.path?.split('/').pop() || '';

/**
 * docs/product.md §2 file thumbnail: the 100 px image thumbnail when there is one (docs/product.md §9), else an icon of the
 * file's category with its extension. A thumbnail that fails to load falls back to the icon.
 */
export function FileThumbnail({ file, size = UPLOAD.thumbnailPx }: { file: ThumbnailFile; size?: number }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const name = fileNameOf(file);
  const extension = (file.extension || extensionOf(name) || extensionOf(file.path ?? '')).toLowerCase();
  const src = file.previewUrl ?? (file.url_thumbnail ? absoluteFileUrl(file.url_thumbnail) : undefined);
  if (src && !broken) {
    return (
      <Box
        as="span"
        display="inline-block"
        width={`${size}px`}
        height={`${size}px`}
        flexShrink={0}
        borderRadius="md"
        overflow="hidden"
        bg="bg.muted"
      >
        <img
          src={src}
          alt={t('files.thumbnail_alt', { name })}
          width={size}
          height={size}
          style={{ width: size, height: size, objectFit: 'cover', display: 'block' }}
          onError={() => setBroken(true)}
        />
      </Box>
    );
  }
  const category = categoryOf(extension);
  const Icon = category ? ICONS[category] : FileIcon;
  return (
    <Box
      as="span"
      role="img"
      aria-label={t('files.thumbnail_alt', { name })}
      data-category={category ?? 'other'}
      display="inline-flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="1"
      width={`${size}px`}
      height={`${size}px`}
      flexShrink={0}
      borderRadius="md"
      bg="bg.muted"
      color="fg.muted"
    >
      <Icon size={Math.round(size * 0.4)} aria-hidden />
      {extension ? (
        <Text as="span" fontSize="xs" fontWeight="semibold" textTransform="uppercase">
          {extension}
        </Text>
      ) : null}
    </Box>
  );
}

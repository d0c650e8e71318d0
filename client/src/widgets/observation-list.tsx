import { Badge, Box, Flex, HStack, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { readableTextColor } from './color.ts';
import { displayDate } from './display-date.ts';
import { AttachmentGallery } from './upload/attachment-gallery.tsx';
import type { StoredFile } from './upload/upload-api.ts';

export type ObservationUser = { name: string; color?: string | null; acronimo?: string | null };
export type ObservationFile = {
  id?: string | number;
  name?: string | null;
  filename?: string | null;
  download_name?: string | null;
  url?: string | null;
  /** Storage path: an image's thumbnail is found beside it (docs/product.md §9). */
  path?: string | null;
};

/** docs/product.md §3 observation entry: usuario, fecha or fecha_creacion, tipo, text, archivos. */
export type ObservationEntry = {
  id?: string | number;
  usuario: ObservationUser;
  fecha?: string | null;
  fecha_creacion?: string | null;
  tipo?: { nombre: string } | null;
  text: string;
  archivos?: ObservationFile[] | null;
};

export type ObservationListProps = {
  entries: ObservationEntry[];
  /** Shown when there are no entries; defaults to 'Sin observaciones'. */
  emptyText?: string;
  /** Open a file in a viewer instead of following its URL. */
  onOpenFile?: (file: ObservationFile, entry: ObservationEntry) => void;
  /** "Marcar" on an entry's photos (AttachmentGallery's onMarkup), where the entry takes photos; undefined elsewhere. */
  onMarkup?: (entry: ObservationEntry) => ((copy: StoredFile, file: ObservationFile) => Promise<unknown>) | undefined;
};

/** Initials for the avatar when the entry has no acronimo: first letters of the first two words. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * 'YYYY-MM-DD HH:mm:ss' (the API's local timestamps) or an ISO string → Date; null when unreadable.
 * A bare 'YYYY-MM-DD' is a local calendar day, not UTC midnight.
 */
export function parseObservationDate(text: string | null | undefined): { date: Date; hasTime: boolean } | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
    return Number.isNaN(date.getTime()) ? null : { date, hasTime: h != null };
  }
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : { date, hasTime: true };
}

function formatWhen(text: string | null | undefined, language: string): string | null {
  const parsed = parseObservationDate(text);
  if (!parsed) return text ?? null;
  const { date, hasTime } = parsed;
  return displayDate(date, language, hasTime ? { hours: date.getHours(), minutes: date.getMinutes() } : undefined);
}

const fileName = (file: ObservationFile) => file.download_name || file.name || file.filename || null;

/** docs/product.md §2 observation list: who wrote it (avatar in their colour), when, its type, the text and its files. */
export function ObservationList({ entries, emptyText, onOpenFile, onMarkup }: ObservationListProps) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" py="2">
        {emptyText ?? t('widgets.observations.empty')}
      </Text>
    );
  }
  return (
    <List.Root as="ul" listStyleType="none" gap="3" m="0" p="0">
      {entries.map((entry, index) => {
        const color = entry.usuario.color || '#718096';
        const when = entry.fecha ?? entry.fecha_creacion;
        const whenText = formatWhen(when, i18n.language);
        const files = entry.archivos ?? [];
        const markup = onMarkup?.(entry);
        return (
          <List.Item key={entry.id ?? index} display="flex" gap="3" alignItems="flex-start">
            <Flex
              aria-hidden="true"
              flexShrink={0}
              boxSize="9"
              borderRadius="full"
              align="center"
              justify="center"
              fontSize="xs"
              fontWeight="bold"
              style={{ backgroundColor: color, color: readableTextColor(color) }}
            >
              {entry.usuario.acronimo || initialsOf(entry.usuario.name)}
            </Flex>
            <Box flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold" fontSize="sm">
                  {entry.usuario.name}
                </Text>
                {entry.tipo?.nombre && (
                  <Badge size="sm" variant="subtle">
                    {entry.tipo.nombre}
                  </Badge>
                )}
                {whenText && (
                  <Text asChild fontSize="xs" color="fg.muted">
                    <time dateTime={when ?? undefined}>{whenText}</time>
                  </Text>
                )}
              </HStack>
              <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
                {entry.text}
              </Text>
              {files.length > 0 && (
                <AttachmentGallery
                  files={files.map((f, i) => ({ id: i, name: fileName(f), path: f.path ?? null, url: f.url }))}
                  fallbackName={(n) => t('widgets.observations.file_fallback', { index: n })}
                  onOpenFile={onOpenFile ? (g) => onOpenFile(files[Number(g.id)] ?? g, entry) : undefined}
                  onMarkup={markup ? (copy, g) => markup(copy, files[Number(g.id)] ?? g) : undefined}
                />
              )}
            </Box>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

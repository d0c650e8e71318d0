import { Badge, Box, Flex, HStack, Link, List, Text } from '@chakra-ui/react';
import { Paperclip } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { readableTextColor } from './color.ts';
import { displayDate } from './display-date.ts';

export type ObservationUser = { name: string; color?: string | null; acronimo?: string | null };
export type ObservationFile = { id?: string | number; name?: string | null; filename?: string | null; download_name?: string | null; url?: string | null };

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

function fileLabel(file: ObservationFile, index: number, fallback: (i: number) => string): string {
  return file.download_name || file.name || file.filename || fallback(index + 1);
}

/** docs/product.md §2 observation list: who wrote it (avatar in their colour), when, its type, the text and its files. */
export function ObservationList({ entries, emptyText, onOpenFile }: ObservationListProps) {
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
                <List.Root as="ul" listStyleType="none" mt="1" gap="1" aria-label={t('widgets.observations.files')}>
                  {files.map((file, i) => {
                    const name = fileLabel(file, i, (n) => t('widgets.observations.file_fallback', { index: n }));
                    const content = (
                      <>
                        <Paperclip size={14} aria-hidden="true" />
                        {name}
                      </>
                    );
                    return (
                      <List.Item key={file.id ?? i} fontSize="sm" display="flex">
                        {onOpenFile ? (
                          <Link asChild colorPalette="brand">
                            <button type="button" onClick={() => onOpenFile(file, entry)}>
                              {content}
                            </button>
                          </Link>
                        ) : file.url ? (
                          <Link href={file.url} colorPalette="brand" target="_blank" rel="noopener noreferrer">
                            {content}
                          </Link>
                        ) : (
                          <HStack gap="1">{content}</HStack>
                        )}
                      </List.Item>
                    );
                  })}
                </List.Root>
              )}
            </Box>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Dialog, HStack, Portal, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLOAD_CONTEXTS, formatBytes } from '#domain/files';
import type { CboxFileItem, CboxItem } from '#domain/cbox-responses';
import type { TFunction } from 'i18next';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { SearchInput } from '../../../widgets/search-input.tsx';
import type { LibraryPickRequest } from '../../../widgets/upload/attachment-sources.tsx';
import type { StoredFile } from '../../../widgets/upload/upload-api.ts';
import { cboxContentsQuery, cboxSearchQuery, useCopyForAttachment } from '../api/copies-api.ts';
import { FolderRow, LibraryCrumbs, useLibraryTrail } from './library-browser.tsx';

/** Copies go where attachments go (server/src/modules/cbox/copies/service.ts): their limit caps the uploader's. */
const ATTACHMENT_MAX_BYTES = UPLOAD_CONTEXTS.general.maxBytes;

/** Why a library file cannot join this uploader, or undefined when it can. */
function refusalOf(file: CboxFileItem, request: LibraryPickRequest, t: TFunction): string | undefined {
  if (!request.accept.includes(file.extension.toLowerCase()))
    return t('cbox_ui.picker.not_accepted', { extensions: request.accept.map((e) => `.${e}`).join(', ') });
  const max = Math.min(request.maxBytes, ATTACHMENT_MAX_BYTES);
  if (file.size > max) return t('cbox_ui.picker.too_large', { size: formatBytes(max) });
  return undefined;
}

/**
 * docs/product.md §1 "pick a file from Cbox": browse the folders the user sees (or search the library), tick files the
 * uploader accepts, up to what it still takes; confirming copies each (POST biblioteca/archivos/{id}/copia) and hands
 * the copies back as the uploader's own uploads.
 */
export function CboxFilePickerDialog({
  request,
  onDone,
}: {
  request: LibraryPickRequest | null;
  onDone: (files: StoredFile[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const browser = useLibraryTrail();
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Map<number, CboxFileItem>>(new Map());
  const copy = useCopyForAttachment();
  const open = request !== null;
  // While the dialog closes (animated) its list still shows, for the request it was opened with.
  const lastRequest = useRef(request);
  if (request) lastRequest.current = request;
  const shown = request ?? lastRequest.current;
  const { reset } = copy;
  useEffect(() => {
    if (!open) return;
    setSelected(new Map());
    setQ('');
    reset();
  }, [open, reset]);

  const contents = useQuery({ ...cboxContentsQuery({ folderId: browser.folderId }), enabled: open && !q });
  const search = useQuery({ ...cboxSearchQuery(q), enabled: open && q.length > 0 });
  const max = shown?.maxFiles ?? 0;

  const items: { item: CboxItem; trail?: { id: number; name: string }[] }[] = q
    ? (search.data?.data ?? [])
    : (contents.data?.data ?? []).map((item) => ({ item }));
  const loading = q ? search.isPending : contents.isPending;
  const failed = q ? search.isError : contents.isError;

  const toggle = (file: CboxFileItem, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on && next.size < max) next.set(file.id, file);
      else next.delete(file.id);
      return next;
    });

  const confirm = () =>
    copy.mutate({ ids: [...selected.keys()], batch: request?.batch }, { onSuccess: (files) => onDone(files) });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !copy.isPending && onDone(undefined)}
      placement="center"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cbox-file-picker">
            <Dialog.Header>
              <Dialog.Title>{t('cbox_ui.picker.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <SearchInput
                  value={q}
                  onChange={setQ}
                  size="sm"
                  label={t('cbox_ui.picker.search')}
                  placeholder={t('cbox_ui.picker.search')}
                  data-testid="cbox-picker-search"
                />
                {q ? null : <LibraryCrumbs trail={browser.trail} onGoTo={browser.goTo} />}
                {loading ? (
                  <Spinner alignSelf="center" />
                ) : failed ? (
                  <Text color="fg.error">{t('cbox_ui.picker.load_failed')}</Text>
                ) : items.length === 0 ? (
                  <Text color="fg.muted">{q ? t('cbox_ui.picker.no_results') : t('cbox_ui.picker.empty')}</Text>
                ) : (
                  <chakra.ul m="0" p="0" aria-label={t('cbox_ui.picker.list')}>
                    {items.map(({ item, trail }) =>
                      item.kind === 'folder' ? (
                        <FolderRow
                          key={`f${item.id}`}
                          folder={item}
                          onOpen={() => {
                            browser.open(item, trail ?? browser.trail);
                            setQ('');
                          }}
                        />
                      ) : (
                        <FileRow
                          key={`a${item.id}`}
                          file={item}
                          refusal={shown ? refusalOf(item, shown, t) : undefined}
                          checked={selected.has(item.id)}
                          full={selected.size >= max}
                          onToggle={(on) => toggle(item, on)}
                        />
                      ),
                    )}
                  </chakra.ul>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between" flexWrap="wrap">
              <Text fontSize="sm" color="fg.muted" data-testid="cbox-picker-count">
                {t('cbox_ui.picker.selected', { n: selected.size, max })}
              </Text>
              <HStack gap="2">
                <Button variant="outline" onClick={() => onDone(undefined)} disabled={copy.isPending}>
                  {t('cbox_ui.picker.cancel')}
                </Button>
                <Button
                  colorPalette="brand"
                  loading={copy.isPending}
                  disabled={selected.size === 0}
                  onClick={confirm}
                  data-testid="cbox-picker-confirm"
                >
                  {t('cbox_ui.picker.confirm')}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={copy.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function FileRow(props: {
  file: CboxFileItem;
  refusal: string | undefined;
  checked: boolean;
  full: boolean;
  onToggle: (on: boolean) => void;
}) {
  const { file, refusal, checked } = props;
  const { t } = useTranslation();
  const disabled = Boolean(refusal) || (!checked && props.full);
  return (
    <chakra.li listStyleType="none" py="1">
      <Checkbox.Root
        checked={checked}
        disabled={disabled}
        onCheckedChange={(d) => props.onToggle(Boolean(d.checked))}
        data-testid="cbox-picker-file"
        alignItems="start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label minW="0">
          <Text truncate>{file.name}</Text>
          <Text fontSize="xs" color={refusal ? 'fg.error' : 'fg.muted'}>
            {refusal ?? (!checked && props.full ? t('cbox_ui.picker.limit_reached') : formatBytes(file.size))}
          </Text>
        </Checkbox.Label>
      </Checkbox.Root>
    </chakra.li>
  );
}

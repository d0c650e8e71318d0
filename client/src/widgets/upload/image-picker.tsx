import { useRef, useState } from 'react';
import { Button, HStack, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { ImagePlus, Library, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_CONTEXTS, UPLOAD_URL_DEFAULT, checkCandidate, uploadErrorKey } from '#domain/files';
import { showErrorToast } from '../../api/notify.ts';
import { useAttachmentSources } from './attachment-sources.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { absoluteFileUrl, sniffFile, uploadFile, type StoredFile } from './upload-api.ts';
import { requestFailure } from './upload-errors.ts';

export type ImagePickerProps = {
  /** Storage path (or URL) of the current image. */
  value: string | null | undefined;
  onChange(path: string | null, file?: StoredFile): void;
  label?: string;
  uploadUrl?: string;
  disabled?: boolean;
};

const rules = UPLOAD_CONTEXTS.image;

/**
 * docs/product.md §2 image picker: .jpg and .png only. A broken rule is shown as a warning; docs/product.md §8: when the
 * upload-url request itself fails the pick silently aborts (nothing shown, value unchanged).
 */
export function ImagePicker({ value, onChange, label, uploadUrl, disabled }: ImagePickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [viewing, setViewing] = useState(false);
  const { pickFromLibrary } = useAttachmentSources();

  /** docs/product.md §1: an image of the library, copied as the caller's upload. */
  async function pickLibrary() {
    if (!pickFromLibrary) return;
    setBusy(true);
    try {
      const [stored] =
        (await pickFromLibrary({ accept: rules.extensions, maxFiles: 1, maxBytes: rules.maxBytes })) ?? [];
      if (stored) onChange(stored.path, stored);
    } finally {
      setBusy(false);
    }
  }

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = checkCandidate(file, rules) ?? (await sniffFile(file, file.name));
    if (refused) {
      showErrorToast(422, t(uploadErrorKey(refused.code), refused.params));
      return;
    }
    setBusy(true);
    let signed = false;
    try {
      const stored = await uploadFile({
        file,
        context: 'image',
        method: 'put',
        endpoint: uploadUrl ?? UPLOAD_URL_DEFAULT,
        onProgress: () => undefined,
        onPath: () => {
          signed = true;
        },
      });
      onChange(stored.path, stored);
    } catch (err) {
      if (signed) showErrorToast(422, requestFailure(err, t).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2">
      {label ? <Text fontWeight="medium">{label}</Text> : null}
      <HStack gap="3" align="center">
        <chakra.button
          type="button"
          width="100px"
          height="100px"
          borderWidth="1px"
          borderRadius="md"
          overflow="hidden"
          bg="bg.muted"
          display="flex"
          alignItems="center"
          justifyContent="center"
          aria-label={value ? (label ?? t('files.image_picker.change')) : t('files.image_picker.choose')}
          onClick={() => (value ? setViewing(true) : input.current?.click())}
          disabled={disabled || busy}
        >
          {busy ? (
            <Spinner size="md" />
          ) : value ? (
            <img
              src={absoluteFileUrl(value)}
              alt={label ?? ''}
              style={{ width: 100, height: 100, objectFit: 'cover' }}
            />
          ) : (
            <ImagePlus size={32} aria-hidden />
          )}
        </chakra.button>
        <Stack gap="1">
          <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={disabled || busy}>
            {value ? t('files.image_picker.change') : t('files.image_picker.choose')}
          </Button>
          {pickFromLibrary ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void pickLibrary()}
              disabled={disabled || busy}
              data-testid="image-picker-from-library"
            >
              <Library size={14} aria-hidden /> {t('files.uploader.from_library')}
            </Button>
          ) : null}
          {value ? (
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => onChange(null)}
              disabled={disabled || busy}
            >
              <Trash2 size={14} aria-hidden /> {t('files.image_picker.remove')}
            </Button>
          ) : null}
          <Text fontSize="xs" color="fg.muted">
            {t('files.image_picker.hint')}
          </Text>
        </Stack>
      </HStack>
      <input
        ref={input}
        type="file"
        hidden
        accept={rules.extensions.map((e) => `.${e}`).join(',')}
        data-testid="image-picker-input"
        aria-label={t('files.image_picker.choose')}
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <ImageViewer open={viewing} onClose={() => setViewing(false)} src={value} title={label} />
    </Stack>
  );
}

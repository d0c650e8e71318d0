import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Camera, FolderOpen, Library, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ALL_EXTENSIONS,
  PRESIGNED_POST_URL_DEFAULT,
  UPLOAD_CONTEXTS,
  UPLOAD_URL_DEFAULT,
  acceptedExtensions,
  formatBytes,
  type UploadContext,
} from '#domain/files';
import type { UploadedFileItem, UploadMethod } from './upload-api.ts';
import { useAttachmentSources } from './attachment-sources.tsx';
import { UploadItemRow } from './upload-item-row.tsx';
import { useUploader } from './use-uploader.ts';

export type FileUploaderProps = {
  /** The uploaded files; set it to [] from outside to reset the uploader (docs/product.md §4). */
  value?: UploadedFileItem[];
  /** Receives only uploaded files, every time that list changes (docs/product.md §4). */
  onChange?: (items: UploadedFileItem[]) => void;
  /** Where the files go: decides the server-side limits (docs/product.md §5). */
  context?: UploadContext;
  /** docs/product.md §9 defaults: 5 files of 536870912 bytes; may only narrow the context's limits. */
  maxFiles?: number;
  maxFileSize?: number;
  /** Restricts the accepted extensions (e.g. ['pdf']). */
  accept?: string[];
  /** 'put' signs with files/upload-url; 'post' with the configurable presigned-POST URL (docs/product.md §7). */
  method?: UploadMethod;
  uploadUrl?: string;
  presignUrl?: string;
  observation?: boolean;
  observationMaxLength?: number;
  label?: string;
  disabled?: boolean;
  /** Photos are expected: on a touch device the camera is offered beside the gallery. */
  photos?: boolean;
};

/** A phone or tablet: the pointer is a finger. */
const isTouchDevice = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse)').matches;

/** docs/product.md §2 file uploader: drop or pick files, one row per file with its progress or error. */
export function FileUploader(props: FileUploaderProps) {
  const { t } = useTranslation();
  const context = props.context ?? 'uploader';
  const rules = UPLOAD_CONTEXTS[context];
  const maxFiles = Math.min(props.maxFiles ?? rules.maxFiles, rules.maxFiles);
  const maxBytes = Math.min(props.maxFileSize ?? rules.maxBytes, rules.maxBytes);
  const extensions = acceptedExtensions(context, props.accept);
  const method = props.method ?? 'put';
  const uploader = useUploader({
    context,
    maxFiles,
    maxBytes,
    extensions,
    method,
    endpoint:
      method === 'put' ? (props.uploadUrl ?? UPLOAD_URL_DEFAULT) : (props.presignUrl ?? PRESIGNED_POST_URL_DEFAULT),
    onChange: props.onChange,
  });
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [touch] = useState(isTouchDevice);
  const offerCamera = Boolean(props.photos) && touch;
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const { pickFromLibrary } = useAttachmentSources();
  const [picking, setPicking] = useState(false);

  const { value } = props;
  const { reset, hasEmitted } = uploader;
  useEffect(() => {
    // Our own echo of an empty list is not a reset; an outside clear after files were emitted is.
    if (value && value.length === 0 && hasEmitted()) reset();
  }, [value, reset, hasEmitted]);

  const pick = (files: FileList | null) => {
    if (!files?.length || props.disabled) return;
    uploader.add(Array.from(files));
    if (input.current) input.current.value = '';
    if (camera.current) camera.current.value = '';
  };
  /** docs/product.md §1: library files come back already copied as this uploader's uploads. */
  const pickLibrary = async () => {
    const room = uploader.remaining();
    if (!pickFromLibrary || props.disabled || room === 0) return;
    setPicking(true);
    try {
      const picked = await pickFromLibrary({ accept: extensions, maxFiles: room, maxBytes, batch: uploader.batch });
      if (picked?.length) uploader.addStored(picked.slice(0, uploader.remaining()));
    } finally {
      setPicking(false);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files);
  };

  const hint = [
    t('files.uploader.hint_size', { size: formatBytes(maxBytes) }),
    t('files.uploader.hint_count', { count: maxFiles }),
    ...(extensions.length < ALL_EXTENSIONS.length
      ? [t('files.uploader.hint_extensions', { extensions: extensions.map((e) => `.${e}`).join(', ') })]
      : []),
  ].join(' · ');

  return (
    <Stack gap="2">
      {props.label ? <Text fontWeight="medium">{props.label}</Text> : null}
      <Box
        role="button"
        tabIndex={props.disabled ? -1 : 0}
        aria-disabled={props.disabled || undefined}
        aria-describedby={hintId}
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="lg"
        p="5"
        textAlign="center"
        cursor={props.disabled ? 'not-allowed' : 'pointer'}
        borderColor={dragging ? 'brand.solid' : 'border.emphasized'}
        bg={dragging ? 'brand.subtle' : undefined}
        onClick={() => !props.disabled && input.current?.click()}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === ' ') && !props.disabled) {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Stack align="center" gap="1" color="fg.muted">
          <Upload size={24} aria-hidden />
          <Text>{offerCamera ? t('files.uploader.drop_phone') : t('files.uploader.drop')}</Text>
        </Stack>
        {offerCamera ? (
          <HStack justify="center" gap="2" mt="2" onClick={(e) => e.stopPropagation()}>
            <Button size="sm" colorPalette="brand" disabled={props.disabled} onClick={() => camera.current?.click()}>
              <Camera size={16} aria-hidden /> {t('files.uploader.take_photo')}
            </Button>
            <Button size="sm" variant="outline" disabled={props.disabled} onClick={() => input.current?.click()}>
              <FolderOpen size={16} aria-hidden /> {t('files.uploader.choose_file')}
            </Button>
          </HStack>
        ) : null}
        {props.photos ? (
          <input
            ref={camera}
            type="file"
            hidden
            accept="image/*"
            capture="environment"
            disabled={props.disabled}
            data-testid="uploader-camera"
            aria-label={t('files.uploader.take_photo')}
            onChange={(e) => pick(e.target.files)}
          />
        ) : null}
        <input
          ref={input}
          type="file"
          hidden
          multiple={maxFiles > 1}
          disabled={props.disabled}
          data-testid="uploader-input"
          aria-label={t('files.uploader.choose')}
          accept={extensions.map((e) => `.${e}`).join(',')}
          onChange={(e) => pick(e.target.files)}
        />
      </Box>
      <Text id={hintId} fontSize="sm" color="fg.muted" data-testid="uploader-hint">
        {hint}
      </Text>
      {pickFromLibrary ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          loading={picking}
          disabled={props.disabled}
          onClick={() => void pickLibrary()}
          data-testid="uploader-from-library"
        >
          <Library size={16} aria-hidden /> {t('files.uploader.from_library')}
        </Button>
      ) : null}
      {uploader.items.length ? (
        <Stack as="ul" gap="2" aria-label={t('files.uploader.list_label')} listStyleType="none" m="0" p="0">
          {uploader.items.map((item) => (
            <UploadItemRow
              key={item.id}
              item={item}
              onRemove={uploader.remove}
              onRetry={uploader.retry}
              disabled={props.disabled}
              observation={
                props.observation
                  ? { maxLength: props.observationMaxLength, onChange: uploader.setObservation }
                  : undefined
              }
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

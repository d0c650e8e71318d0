import { useEffect, useMemo, useRef } from 'react';
import { Box, Button, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { Camera, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD } from '#domain/limits';
import { formatBytes } from '#domain/files';
import { newDraftKey, type DraftPhoto } from '../api/draft-store.ts';

const ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/**
 * The photos of a ticket drafted on the device (docs/product.md#owner-portal, offline drafts): kept as Blobs,
 * uploaded only when the draft is sent. On a phone one input offers the camera or the gallery, hence one
 * button "Tomar foto o elegir archivo".
 */
export function DraftPhotoPicker(props: {
  label: string;
  value: DraftPhoto[];
  onChange: (photos: DraftPhoto[]) => void;
  onRefuse: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const max = UPLOAD.uploaderDefaultMaxFiles;
  const previews = useMemo(
    () => new Map(props.value.map((p) => [p.id, p.blob.size ? URL.createObjectURL(p.blob) : ''])),
    [props.value],
  );
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);

  function pick(files: FileList | null) {
    const chosen = [...(files ?? [])];
    const tooLarge = chosen.find((f) => f.size > UPLOAD.generalMaxBytes);
    const room = max - props.value.length;
    const fitting = chosen.filter((f) => f.size <= UPLOAD.generalMaxBytes).slice(0, Math.max(room, 0));
    props.onRefuse(
      tooLarge
        ? t('portal.create.photo_too_large', { name: tooLarge.name, size: formatBytes(UPLOAD.generalMaxBytes) })
        : chosen.length > room
          ? t('portal.create.max_photos', { count: max })
          : undefined,
    );
    const added = fitting.map((f) => ({ id: newDraftKey(), name: f.name, type: f.type, size: f.size, blob: f }));
    if (added.length) props.onChange([...props.value, ...added]);
    if (input.current) input.current.value = '';
  }

  return (
    <Stack gap="2">
      <Text fontWeight="medium">{props.label}</Text>
      <Button
        variant="outline"
        alignSelf="flex-start"
        disabled={props.value.length >= max}
        onClick={() => input.current?.click()}
        data-testid="portal-pick-photos"
      >
        <Camera size={18} aria-hidden /> {t('portal.create.pick_photos')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={ACCEPT}
        aria-label={t('portal.create.pick_photos')}
        data-testid="portal-photo-input"
        onChange={(e) => pick(e.target.files)}
      />
      <Text textStyle="sm" color="fg.muted">
        {t('portal.create.photo_hint', { count: max, size: formatBytes(UPLOAD.generalMaxBytes) })}
      </Text>
      {props.value.length ? (
        <HStack as="ul" gap="2" wrap="wrap" listStyleType="none" m="0" p="0" aria-label={props.label}>
          {props.value.map((photo) => (
            <Box as="li" key={photo.id} position="relative" data-testid="portal-draft-photo">
              <Image
                src={previews.get(photo.id) || undefined}
                alt={photo.name}
                boxSize="20"
                objectFit="cover"
                borderRadius="md"
                bg="bg.muted"
              />
              <IconButton
                aria-label={t('portal.create.remove_photo', { name: photo.name })}
                size="xs"
                variant="solid"
                colorPalette="gray"
                position="absolute"
                top="-2"
                right="-2"
                borderRadius="full"
                onClick={() => props.onChange(props.value.filter((p) => p.id !== photo.id))}
              >
                <X size={16} />
              </IconButton>
            </Box>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}

import { Box, HStack, IconButton, Input, Progress, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { CircleAlert, CircleCheck, RotateCcw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#domain/files';
import { RETRYABLE_UPLOAD_ERRORS } from '#machines/upload-item';
import { FileThumbnail } from './file-thumbnail.tsx';
import type { UploaderItem } from './use-uploader.ts';

export type UploadItemRowProps = {
  item: UploaderItem;
  onRemove(item: UploaderItem): void;
  onRetry(item: UploaderItem): void;
  /** docs/product.md §5: optional per-file observation, with an optional max length shown as a counter. */
  observation?: { maxLength?: number; onChange(item: UploaderItem, text: string): void };
  disabled?: boolean;
};

/** One file of the uploader, rendered from its upload-item machine state (docs/product.md §4). */
export function UploadItemRow({ item, onRemove, onRetry, observation, disabled }: UploadItemRowProps) {
  const { t } = useTranslation();
  const state = useSelector(item.actor, (s) => s.value);
  const progress = useSelector(item.actor, (s) => s.context.progress);
  const error = useSelector(item.actor, (s) => s.context.error);
  const max = observation?.maxLength;

  return (
    <HStack
      as="li"
      align="start"
      gap="3"
      p="2"
      borderWidth="1px"
      borderRadius="md"
      data-state={state}
      data-testid="upload-item"
      borderColor={state === 'failed' ? 'red.muted' : 'border'}
    >
      <FileThumbnail
        file={{ name: item.file.name, previewUrl: item.previewUrl, url_thumbnail: item.stored?.url_thumbnail }}
      />
      <Stack gap="1" flex="1" minW="0">
        <Text fontWeight="medium" truncate title={item.file.name}>
          {item.file.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatBytes(item.fromLibrary && item.stored ? item.stored.size : item.file.size)}
        </Text>
        {state === 'uploading' ? (
          <Progress.Root value={progress} size="sm" colorPalette="brand" aria-label={t('files.uploader.uploading')}>
            <HStack gap="2">
              <Progress.Track flex="1">
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText fontSize="xs" minW="9">{`${progress} %`}</Progress.ValueText>
            </HStack>
          </Progress.Root>
        ) : null}
        {state === 'uploaded' ? (
          <HStack gap="1" color="green.fg" fontSize="sm">
            <CircleCheck size={16} aria-hidden />
            <Text>{t('files.uploader.uploaded')}</Text>
          </HStack>
        ) : null}
        {state === 'failed' ? (
          <Tooltip.Root openDelay={0} closeDelay={0} positioning={{ placement: 'top-start' }}>
            <Tooltip.Trigger asChild>
              <HStack
                as="button"
                gap="1"
                color="red.fg"
                fontSize="sm"
                width="fit-content"
                data-testid="upload-error"
                aria-label={item.message}
              >
                <CircleAlert size={16} aria-hidden />
                <Text as="span">{t('files.uploader.failed')}</Text>
              </HStack>
            </Tooltip.Trigger>
            <Tooltip.Positioner>
              <Tooltip.Content>{item.message ?? t('files.errors.default')}</Tooltip.Content>
            </Tooltip.Positioner>
          </Tooltip.Root>
        ) : null}
        {observation && state === 'uploaded' ? (
          <Box>
            <Input
              size="sm"
              value={item.observation}
              maxLength={max}
              disabled={disabled}
              placeholder={t('files.uploader.observation_placeholder')}
              aria-label={t('files.uploader.observation')}
              onChange={(e) => observation.onChange(item, e.target.value)}
            />
            {max ? (
              <Text
                fontSize="xs"
                color="fg.muted"
                textAlign="end"
                data-testid="observation-counter"
              >{`${item.observation.length} / ${max}`}</Text>
            ) : null}
          </Box>
        ) : null}
      </Stack>
      <HStack gap="1">
        {state === 'failed' && error && RETRYABLE_UPLOAD_ERRORS.includes(error) ? (
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={t('files.uploader.retry')}
            onClick={() => onRetry(item)}
            disabled={disabled}
          >
            <RotateCcw size={16} />
          </IconButton>
        ) : null}
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t('files.uploader.remove')}
          onClick={() => onRemove(item)}
          disabled={disabled}
        >
          <X size={16} />
        </IconButton>
      </HStack>
    </HStack>
  );
}

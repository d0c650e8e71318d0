import { useRef } from 'react';
import { Box, Button, HStack, IconButton, Progress, Stack, Text } from '@chakra-ui/react';
import { RotateCcw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#domain/files';
import { isActive, uploadQueue, type UploadItem, type UploadMessage } from './upload-queue.ts';

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

/** Files whose bytes count in the overall bar: going up, done, or paused (not refused, cancelled or waiting). */
const counts = (it: UploadItem) => isActive(it) || it.status === 'done' || it.status === 'paused';

function Message({ message }: { message: UploadMessage }) {
  const { t } = useTranslation();
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="cbox-upload-message">
      {'text' in message ? message.text : t(message.key, message.params)}
    </Text>
  );
}

function ItemRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  const pickAgain = useRef<HTMLInputElement>(null);
  const value = percent(item.uploaded, item.size);
  const showsBar = counts(item) && item.status !== 'conflict';
  return (
    <Box
      as="li"
      listStyleType="none"
      py="2"
      borderBottomWidth="1px"
      data-testid="cbox-upload-item"
      data-status={item.status}
    >
      <HStack justify="space-between" gap="2" align="start">
        <Stack gap="0" minW="0" flex="1">
          <Text fontSize="sm" fontWeight="medium" truncate title={item.name}>
            {item.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" aria-live="polite">
            {t(`cbox_ui.uploads.status.${item.status}`)}
            {item.size > 0 && ` · ${formatBytes(item.size)}`}
          </Text>
        </Stack>
        <HStack gap="1" flexShrink={0}>
          {(item.status === 'paused' || (item.status === 'failed' && item.file)) && (
            <Button
              size="xs"
              variant="outline"
              onClick={() => uploadQueue.retry(item.key)}
              aria-label={t('cbox_ui.uploads.retry_file', { name: item.name })}
            >
              <RotateCcw aria-hidden />
              {t('cbox_ui.uploads.retry')}
            </Button>
          )}
          {item.status === 'waiting_file' && (
            <>
              <Button
                size="xs"
                variant="outline"
                onClick={() => pickAgain.current?.click()}
                aria-label={t('cbox_ui.uploads.pick_again_file', { name: item.name })}
              >
                {t('cbox_ui.uploads.pick_again')}
              </Button>
              <input
                ref={pickAgain}
                type="file"
                hidden
                data-testid="cbox-upload-pick-again"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) uploadQueue.resumeWith(item.key, file);
                  e.target.value = '';
                }}
              />
            </>
          )}
          {(isActive(item) || item.status === 'paused' || item.status === 'waiting_file') && (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t(
                item.status === 'waiting_file' ? 'cbox_ui.uploads.discard_file' : 'cbox_ui.uploads.cancel_file',
                { name: item.name },
              )}
              onClick={() => uploadQueue.cancel(item.key)}
            >
              <X aria-hidden />
            </IconButton>
          )}
        </HStack>
      </HStack>
      {showsBar && (
        <Progress.Root
          value={value}
          size="xs"
          mt="1"
          colorPalette={item.status === 'paused' ? 'orange' : 'brand'}
          data-testid="cbox-upload-item-progress"
        >
          <HStack gap="2">
            {/* The track is the progressbar (role, aria-valuenow): it carries the label. */}
            <Progress.Track flex="1" aria-label={t('cbox_ui.uploads.file_progress', { name: item.name })}>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="xs" minW="9">{`${value} %`}</Progress.ValueText>
          </HStack>
        </Progress.Root>
      )}
      {item.message && <Message message={item.message} />}
    </Box>
  );
}

/**
 * The uploads panel (docs/product.md §4 progress): the overall progress in bytes, then each file with its own bar,
 * state and actions (retry a paused file, cancel, pick an interrupted file again). Fixed at the bottom; the whole
 * width at 360 px.
 */
export function UploadPanel({ items }: { items: UploadItem[] }) {
  const { t } = useTranslation();
  if (!items.length) return null;
  const counted = items.filter(counts);
  const total = counted.reduce((sum, it) => sum + it.size, 0);
  const done = counted.reduce((sum, it) => sum + Math.min(it.uploaded, it.size), 0);
  const waiting = items.some((it) => it.status === 'waiting_file');
  const finished = items.some((it) => !isActive(it) && it.status !== 'paused' && it.status !== 'waiting_file');
  return (
    <Box
      as="section"
      aria-label={t('cbox_ui.uploads.panel_title')}
      position="fixed"
      bottom={{ base: 0, sm: 4 }}
      right={{ base: 0, sm: 4 }}
      w={{ base: '100%', sm: '380px' }}
      maxH="60vh"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius={{ base: 0, sm: 'md' }}
      boxShadow="lg"
      p="3"
      zIndex="docked"
      data-testid="cbox-upload-panel"
    >
      <HStack justify="space-between" mb="2">
        <Text fontWeight="semibold">{t('cbox_ui.uploads.panel_title')}</Text>
        {finished && (
          <Button size="xs" variant="ghost" onClick={() => uploadQueue.clearFinished()}>
            {t('cbox_ui.uploads.clear')}
          </Button>
        )}
      </HStack>
      {total > 0 && (
        <Progress.Root value={percent(done, total)} size="sm" colorPalette="brand" data-testid="cbox-upload-overall">
          <HStack gap="2">
            <Progress.Track flex="1" aria-label={t('cbox_ui.uploads.overall')}>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="xs" minW="9">{`${percent(done, total)} %`}</Progress.ValueText>
          </HStack>
          <Text fontSize="xs" color="fg.muted" mt="1">
            {t('cbox_ui.uploads.overall_text', { done: formatBytes(done), total: formatBytes(total) })}
          </Text>
        </Progress.Root>
      )}
      {waiting && (
        <Text fontSize="sm" mt="2" data-testid="cbox-upload-resume-hint">
          {t('cbox_ui.uploads.resume_hint')}
        </Text>
      )}
      <Box as="ul" mt="2" m="0" p="0">
        {items.map((item) => (
          <ItemRow key={item.key} item={item} />
        ))}
      </Box>
    </Box>
  );
}

import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Progress } from '../api/types.ts';

/** docs/product.md §3 ticket progress, computed by the server from its failures (done = neither pending nor failing). */
export function TicketProgress({ progress, width = '24' }: { progress: Progress; width?: string }) {
  const { t } = useTranslation();
  const label = t('after_sales_ui.progress.label', {
    done: progress.done,
    count: progress.total,
    percent: progress.percent,
  });
  // No failures, no bar: the text alone fits the narrow list column ("Sem falhas" ran into the date).
  if (!progress.total)
    return (
      <Text textStyle="xs" color="fg.muted" truncate>
        {t('after_sales_ui.progress.none')}
      </Text>
    );
  return (
    <HStack gap="2" title={label} minW="0">
      <Box
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-label={label}
        w={width}
        h="1.5"
        bg="bg.emphasized"
        borderRadius="full"
        overflow="hidden"
        flexShrink={0}
      >
        <Box
          h="full"
          bg={progress.percent === 100 ? 'green.500' : 'brand.solid'}
          style={{ width: `${progress.percent}%` }}
        />
      </Box>
      <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">{`${progress.done}/${progress.total}`}</Text>
    </HStack>
  );
}

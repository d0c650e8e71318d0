import { Alert, Box, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CboxFileItem } from '#domain/cbox-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { fileTextQuery } from '../api/files-api.ts';

/** A text file's first megabyte in a monospace block (docs/product.md §2 Cbox preview: txt, csv). */
export function TextPreview({ file }: { file: CboxFileItem }) {
  const { t } = useTranslation();
  const query = useQuery(fileTextQuery(file.id, file.version));
  return (
    <QueryState query={query} minH="30vh">
      {({ text, cut }) => (
        <Stack gap="2" width="full" minH="0" alignSelf="flex-start">
          {cut ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('cbox_ui.preview.text_cut')}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Box
            as="pre"
            tabIndex={0}
            aria-label={t('cbox_ui.preview.text_label', { name: file.name })}
            fontFamily="mono"
            fontSize="sm"
            whiteSpace="pre"
            overflow="auto"
            p="3"
            bg="bg.muted"
            borderRadius="md"
            data-testid="preview-text"
          >
            {text}
          </Box>
        </Stack>
      )}
    </QueryState>
  );
}

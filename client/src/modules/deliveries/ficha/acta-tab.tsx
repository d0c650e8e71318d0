import { useEffect, useMemo } from 'react';
import { Alert, Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { saveBlob } from '../../../widgets/upload/transfer.ts';
import { actQuery } from '../api/ficha-api.ts';
import { useUnitId } from './use-unit-id.ts';

/**
 * docs/product.md §2 vista-previa-acta: the delivery act as the server renders it (PDF), shown in the browser's
 * own viewer and downloadable. Fetched only when this tab is opened (the route chunk is lazy too).
 */
export function ActaTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const query = useQuery(actQuery(unitId));
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (query.isPending) return <PageSpinner minH="30vh" />;
  if (query.isError || !url)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('deliveries_ui.act.unavailable')}</Alert.Title>
      </Alert.Root>
    );
  return (
    <Stack gap="3">
      <HStack justify="flex-end">
        <Button
          size="sm"
          colorPalette="brand"
          data-testid="act-download"
          onClick={() => query.data && saveBlob(query.data, t('deliveries_ui.act.filename', { unitId }))}
        >
          <Download size={16} />
          {t('deliveries_ui.actions.download')}
        </Button>
      </HStack>
      <Box borderWidth="1px" borderRadius="md" overflow="hidden" h={{ base: '70vh', md: '80vh' }}>
        <object
          data={url}
          type="application/pdf"
          width="100%"
          height="100%"
          aria-label={t('deliveries_ui.tabs.vista-previa-acta')}
          data-testid="act-preview"
        >
          <Box p="4">
            <a href={url} download={t('deliveries_ui.act.filename', { unitId })}>
              {t('deliveries_ui.actions.download')}
            </a>
          </Box>
        </object>
      </Box>
    </Stack>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';

// The plans' pdf.js canvas (client/src/widgets/plan-pins/pdf-canvas.tsx, worker from our origin), fetched with the
// first PDF shown.
const PdfCanvas = lazy(() =>
  import('../../../widgets/plan-pins/pdf-canvas.tsx').then((m) => ({ default: m.PdfCanvas })),
);

/** A PDF one page at a time, with its page buttons. */
export function PdfPreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [count, setCount] = useState(0);
  useEffect(() => {
    setPage(1);
    setCount(0);
  }, [url]);
  return (
    <Stack gap="2" width="full" data-testid="preview-pdf">
      {count > 1 ? (
        <HStack justify="center" gap="1">
          <IconButton
            variant="ghost"
            aria-label={t('cbox_ui.preview.previous_page')}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeft size={20} />
          </IconButton>
          <Text textStyle="sm" aria-live="polite">
            {t('cbox_ui.preview.pdf_page', { page, count })}
          </Text>
          <IconButton
            variant="ghost"
            aria-label={t('cbox_ui.preview.next_page')}
            disabled={page >= count}
            onClick={() => setPage((p) => p + 1)}
          >
            <ChevronRight size={20} />
          </IconButton>
        </HStack>
      ) : null}
      <Box maxW="4xl" width="full" mx="auto">
        <Suspense fallback={<PageSpinner minH="30vh" />}>
          <PdfCanvas
            url={url}
            page={page}
            label={t('cbox_ui.preview.pdf_label', { name, page })}
            onPageCount={setCount}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}

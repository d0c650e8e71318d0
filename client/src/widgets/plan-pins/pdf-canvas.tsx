import { useEffect, useRef, useState } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
// The worker is bundled and served from our own origin (docs/architecture.md: nothing loads from a CDN).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Canvas width the page is drawn at: sharp at 3× zoom on a phone, bounded so big plans stay light. */
const RENDER_WIDTH = 2400;

/**
 * One page of a PDF plan drawn with pdf.js (loaded only when a PDF plan is shown: this file is its
 * own chunk). The canvas takes its container's width; pins are laid over it by the caller.
 */
export function PdfCanvas({
  url,
  page,
  label,
  onPageCount,
}: {
  url: string;
  page: number;
  label: string;
  onPageCount: (count: number) => void;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const reportCount = useRef(onPageCount);
  reportCount.current = onPageCount;

  useEffect(() => {
    let isCancelled = false;
    setStatus('loading');
    const task = getDocument({ url, withCredentials: true, isEvalSupported: false });
    task.promise
      .then(async (doc) => {
        reportCount.current(doc.numPages);
        const pdfPage = await doc.getPage(Math.min(Math.max(page, 1), doc.numPages));
        const base = pdfPage.getViewport({ scale: 1 });
        const viewport = pdfPage.getViewport({ scale: Math.min(4, RENDER_WIDTH / base.width) });
        const canvas = canvasRef.current;
        if (!canvas || isCancelled) return;
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        await pdfPage.render({ canvas, viewport }).promise;
        if (!isCancelled) setStatus('ready');
      })
      .catch(() => {
        if (!isCancelled) setStatus('error');
      });
    return () => {
      isCancelled = true;
      void task.destroy();
    };
  }, [url, page]);

  return (
    <Box position="relative" minH={status === 'ready' ? undefined : '40'}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      />
      {status !== 'ready' ? (
        <Box position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" gap="2">
          {status === 'loading' ? <Spinner size="sm" /> : null}
          <Text textStyle="sm" color={status === 'error' ? 'fg.error' : 'fg.muted'}>
            {t(status === 'loading' ? 'widgets.plan_pins.loading_pdf' : 'widgets.plan_pins.pdf_error')}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

import { useState, type KeyboardEvent } from 'react';
import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useZoomView } from '../../../widgets/upload/use-zoom-view.ts';
import { MAX_SCALE, MIN_SCALE } from '../../../widgets/upload/zoom.ts';

/**
 * An image with the image viewer's zoom (client/src/widgets/upload/use-zoom-view.ts: buttons, wheel, pinch, pan;
 * keys + − 0 on the image). The viewer itself is a dialog of its own, so the preview embeds its zoom instead.
 */
export function ImagePreview({ url, name, onBroken }: { url: string; name: string; onBroken: () => void }) {
  const { t } = useTranslation();
  const { zoom, zoomIn, zoomOut, reset, viewportRef, handlers } = useZoomView(url);
  const [loaded, setLoaded] = useState(false);
  const onKeyDown = (e: KeyboardEvent) => {
    const action = { '+': zoomIn, '=': zoomIn, '-': zoomOut, _: zoomOut, '0': reset }[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };
  return (
    <Stack gap="2" width="full" height="full" minH="0">
      <HStack gap="1" justify="center" role="group" aria-label={t('files.image_viewer.zoom')}>
        <IconButton
          variant="ghost"
          aria-label={t('files.image_viewer.zoom_out')}
          onClick={zoomOut}
          disabled={zoom.scale <= MIN_SCALE}
        >
          <ZoomOut size={20} />
        </IconButton>
        <Text textStyle="sm" minW="12" textAlign="center" aria-live="polite" data-testid="preview-zoom">
          {t('files.image_viewer.zoom_level', { percent: Math.round(zoom.scale * 100) })}
        </Text>
        <IconButton
          variant="ghost"
          aria-label={t('files.image_viewer.zoom_in')}
          onClick={zoomIn}
          disabled={zoom.scale >= MAX_SCALE}
        >
          <ZoomIn size={20} />
        </IconButton>
        <IconButton
          variant="ghost"
          aria-label={t('files.image_viewer.zoom_reset')}
          onClick={reset}
          disabled={zoom.scale === 1}
        >
          <Maximize size={20} />
        </IconButton>
      </HStack>
      <Box
        ref={viewportRef}
        flex="1"
        minH="0"
        display="flex"
        alignItems="center"
        justifyContent="center"
        overflow="hidden"
        touchAction="none"
        cursor={zoom.scale > 1 ? 'grab' : 'zoom-in'}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="preview-image"
        {...handlers}
      >
        <img
          src={url}
          alt={name}
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={onBroken}
          data-loaded={loaded}
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            objectFit: 'contain',
            transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`,
            transformOrigin: 'center',
            userSelect: 'none',
          }}
        />
      </Box>
    </Stack>
  );
}

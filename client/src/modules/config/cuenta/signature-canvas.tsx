import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import SignaturePad from 'signature_pad';
import { useTranslation } from 'react-i18next';

export type SignatureCanvasHandle = { clear(): void; isEmpty(): boolean; toBlob(): Promise<Blob | null> };

/** A drawing surface for the signature (mouse, pen or finger), sharp on high-density screens. */
export const SignatureCanvas = forwardRef<SignatureCanvasHandle, { onChange?: (isEmpty: boolean) => void }>(
  function SignatureCanvas({ onChange }, ref) {
    const { t } = useTranslation();
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const padRef = useRef<SignaturePad | null>(null);
    const [, setTick] = useState(0);

    useEffect(() => {
      const canvas = canvasRef.current;
      if (!canvas || typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) return;
      const pad = new SignaturePad(canvas, { penColor: '#111827', backgroundColor: 'rgba(255,255,255,0)' });
      padRef.current = pad;
      const resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const data = pad.toData();
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext('2d')?.scale(ratio, ratio);
        pad.clear();
        pad.fromData(data);
      };
      resize();
      const onEnd = () => {
        onChange?.(pad.isEmpty());
        setTick((n) => n + 1);
      };
      pad.addEventListener('endStroke', onEnd);
      window.addEventListener('resize', resize);
      return () => {
        pad.removeEventListener('endStroke', onEnd);
        window.removeEventListener('resize', resize);
        pad.off();
        padRef.current = null;
      };
    }, [onChange]);

    useImperativeHandle(
      ref,
      () => ({
        clear: () => {
          padRef.current?.clear();
          onChange?.(true);
        },
        isEmpty: () => padRef.current?.isEmpty() ?? true,
        toBlob: () =>
          new Promise<Blob | null>((resolve) => {
            const canvas = canvasRef.current;
            if (!canvas || !padRef.current || padRef.current.isEmpty()) return resolve(null);
            canvas.toBlob((b) => resolve(b), 'image/png');
          }),
      }),
      [onChange],
    );

    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg" h="44" w="full" position="relative">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('account.page.signature.canvas_label')}
          style={{ width: '100%', height: '100%', touchAction: 'none', display: 'block' }}
          data-testid="signature-canvas"
        />
      </Box>
    );
  },
);

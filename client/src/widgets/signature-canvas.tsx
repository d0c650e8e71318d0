import { useEffect, useRef } from 'react';
import { Box, Button, Field, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

type Props = {
  label: string;
  onChange: (pngDataUrl: string | null) => void;
  testId?: string;
  required?: boolean;
  /** A message under the pad (e.g. the signature is still missing). */
  error?: string;
};

/**
 * A signature drawn with finger or mouse (signature_pad), emitted as a PNG data URL; empty → null. It takes
 * the full width of its container and a finger-sized height, so it works on a phone held by the signer;
 * the delivery act and the conformity act both use it.
 */
export function SignatureCanvas({ label, onChange, testId, required, error }: Props) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    // Without a 2D context (no canvas support) there is nothing to draw on: nothing is emitted.
    if (!canvas || !context) return;
    // The canvas is sized to its box at the device's pixel ratio so strokes stay sharp on phones.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = (canvas.offsetWidth || 320) * ratio;
    canvas.height = (canvas.offsetHeight || 160) * ratio;
    context.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)' });
    pad.addEventListener('endStroke', () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png')));
    padRef.current = pad;
    return () => {
      pad.off();
      padRef.current = null;
    };
  }, []);

  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Box
        borderWidth="1px"
        borderColor={error ? 'border.error' : undefined}
        borderRadius="md"
        w="full"
        h={{ base: '48', md: '40' }}
        overflow="hidden"
        bg="white"
      >
        <canvas
          ref={canvasRef}
          data-testid={testId}
          style={{ width: '100%', height: '100%', touchAction: 'none' }}
          aria-label={label}
        />
      </Box>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      <HStack justify="flex-end" w="full">
        <Button
          size="xs"
          variant="ghost"
          minH={{ base: '44px', md: 'auto' }}
          onClick={() => {
            padRef.current?.clear();
            onChange(null);
          }}
        >
          {t('widgets.signature.clear')}
        </Button>
      </HStack>
    </Field.Root>
  );
}

/**
 * A data URL → a PNG File the uploader protocol can send. Decoded here rather than with fetch(),
 * which the Content-Security-Policy's connect-src ('self' only) refuses for data: URLs.
 */
export async function dataUrlToFile(dataUrl: string, name: string): Promise<File> {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png', lastModified: Date.now() });
}

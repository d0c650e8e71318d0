import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button, HStack, Input, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { ArrowUpRight, Circle, Type, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_URL_DEFAULT } from '#domain/files';
import { showErrorToast, showSuccessToast } from '../../api/notify.ts';
import { canvasToPngFile, loadImageForCanvas } from './markup-image.ts';
import {
  MARKUP_COLORS,
  MARKUP_TOOLS,
  dragShape,
  drawShape,
  isMark,
  markedName,
  strokeFor,
  textSizeFor,
  type MarkupTool,
  type Point,
  type Shape,
} from './markup-shapes.ts';
import { discardUpload, uploadFile, type StoredFile } from './upload-api.ts';
import { requestFailure } from './upload-errors.ts';

export type ImageMarkupProps = {
  /** Absolute URL of the photo being marked. */
  url: string;
  /** The photo's name: the copy is "<name> (marcada).png". */
  name: string;
  /** Attaches the uploaded copy to the photo's record, beside the original; rejects when it could not. */
  onSave(copy: StoredFile): Promise<unknown>;
  onDone(): void;
};

const TOOL_ICONS = { arrow: ArrowUpRight, circle: Circle, text: Type } as const;
/** Phone screens: 44 px touch targets (docs/product.md §2). */
const touch = { minH: '11', minW: '11' } as const;

/**
 * docs/product.md §2 image viewer, "Marcar": arrows, circles and text drawn on a canvas over the photo, red
 * by default, with undo. Saving uploads the canvas as a new PNG and hands it to `onSave`; the original
 * is never changed.
 */
export function ImageMarkup({ url, name, onSave, onDone }: ImageMarkupProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const textInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [tool, setTool] = useState<MarkupTool>('arrow');
  const [color, setColor] = useState<string>(MARKUP_COLORS[0].value);
  const [text, setText] = useState('');
  const [shapes, setShapes] = useState<Shape[]>([]);
  const [draft, setDraft] = useState<Shape | null>(null);
  const [saving, setSaving] = useState(false);
  const dragFrom = useRef<Point | null>(null);

  useEffect(() => {
    let live = true;
    loadImageForCanvas(url).then(
      (img) => live && setImage(img),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);

  // The canvas is the photo at its own size with every mark on it: what is seen is what is saved.
  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !image) return;
    ctx.clearRect(0, 0, el.width, el.height);
    ctx.drawImage(image, 0, 0, el.width, el.height);
    for (const shape of draft ? [...shapes, draft] : shapes) drawShape(ctx, shape);
  }, [image, shapes, draft]);

  const size = { width: image?.naturalWidth || image?.width || 0, height: image?.naturalHeight || image?.height || 0 };
  const width = strokeFor(size.width, size.height);

  const toImage = (e: PointerEvent<HTMLCanvasElement>): Point => {
    const box = e.currentTarget.getBoundingClientRect();
    const sx = box.width ? e.currentTarget.width / box.width : 1;
    const sy = box.height ? e.currentTarget.height / box.height : 1;
    return { x: (e.clientX - box.left) * sx, y: (e.clientY - box.top) * sy };
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!image || saving) return;
    const at = toImage(e);
    if (tool === 'text') {
      if (!text.trim()) return textInput.current?.focus();
      setShapes((s) => [
        ...s,
        { kind: 'text', at, text: text.trim(), color, size: textSizeFor(size.width, size.height) },
      ]);
      return;
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    dragFrom.current = at;
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!dragFrom.current || tool === 'text') return;
    const to = toImage(e);
    setDraft(isMark(dragFrom.current, to) ? dragShape(tool, dragFrom.current, to, color, width) : null);
  };
  const onPointerUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = dragFrom.current;
    dragFrom.current = null;
    setDraft(null);
    if (!from || tool === 'text') return;
    const to = toImage(e);
    if (isMark(from, to)) setShapes((s) => [...s, dragShape(tool, from, to, color, width)]);
  };

  const undo = () => setShapes((s) => s.slice(0, -1));

  async function save() {
    if (!canvas.current || !shapes.length) return;
    setSaving(true);
    let stored: StoredFile | undefined;
    try {
      const file = await canvasToPngFile(canvas.current, markedName(name, t('files.markup.suffix')));
      stored = await uploadFile({
        file,
        context: 'image',
        method: 'put',
        endpoint: UPLOAD_URL_DEFAULT,
        onProgress: () => undefined,
      });
      await onSave(stored);
      showSuccessToast(t('files.markup.saved'));
      onDone();
    } catch (err) {
      // An upload nobody could attach is discarded; the attach request shows its own error.
      if (stored) discardUpload(stored.path);
      else showErrorToast(422, requestFailure(err, t).message);
    } finally {
      setSaving(false);
    }
  }

  if (failed) {
    return (
      <Stack align="center" gap="3" color="gray.300" role="status">
        <Text>{t('files.image_viewer.unavailable')}</Text>
        <Button variant="outline" color="white" onClick={onDone} {...touch}>
          {t('files.markup.cancel')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack
      gap="2"
      width="full"
      height="full"
      align="center"
      data-testid="image-markup"
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !(e.target instanceof HTMLInputElement)) undo();
      }}
    >
      <HStack gap="2" wrap="wrap" justify="center" role="toolbar" aria-label={t('files.markup.tools')}>
        <HStack gap="1" role="group" aria-label={t('files.markup.tool')}>
          {MARKUP_TOOLS.map((each) => {
            const Icon = TOOL_ICONS[each];
            return (
              <Button
                key={each}
                size="sm"
                variant={tool === each ? 'solid' : 'outline'}
                colorPalette={tool === each ? 'brand' : 'gray'}
                color={tool === each ? undefined : 'white'}
                aria-pressed={tool === each}
                onClick={() => setTool(each)}
                data-testid={`markup-tool-${each}`}
                {...touch}
              >
                <Icon size={16} aria-hidden />
                {t(`files.markup.tools_${each}`)}
              </Button>
            );
          })}
        </HStack>
        <HStack gap="1" role="group" aria-label={t('files.markup.color')}>
          {MARKUP_COLORS.map(({ name: colorName, value: each }) => (
            <chakra.button
              key={each}
              type="button"
              {...touch}
              borderRadius="full"
              borderWidth="3px"
              borderColor={color === each ? 'white' : 'transparent'}
              display="grid"
              placeItems="center"
              aria-pressed={color === each}
              aria-label={t(`files.markup.colors.${colorName}`)}
              onClick={() => setColor(each)}
            >
              <chakra.span
                boxSize="6"
                borderRadius="full"
                borderWidth="1px"
                borderColor="gray.500"
                style={{ background: each }}
              />
            </chakra.button>
          ))}
        </HStack>
        {tool === 'text' ? (
          <Input
            ref={textInput}
            size="sm"
            width="48"
            bg="white"
            color="gray.900"
            value={text}
            maxLength={80}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('files.markup.text_placeholder')}
            aria-label={t('files.markup.text')}
            data-testid="markup-text"
            {...touch}
          />
        ) : null}
        <Button size="sm" variant="outline" color="white" onClick={undo} disabled={!shapes.length || saving} {...touch}>
          <Undo2 size={16} aria-hidden />
          {t('files.markup.undo')}
        </Button>
        <Button size="sm" variant="ghost" color="white" onClick={onDone} disabled={saving} {...touch}>
          {t('files.markup.cancel')}
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => void save()}
          loading={saving}
          disabled={!shapes.length}
          data-testid="markup-save"
          {...touch}
        >
          {t('files.markup.save')}
        </Button>
      </HStack>
      <Text textStyle="xs" color="gray.300" aria-live="polite">
        {tool === 'text' ? t('files.markup.hint_text') : t('files.markup.hint_drag')}
      </Text>
      {image ? (
        // A plain canvas: Chakra would read width and height as CSS, and the bitmap must be the photo's size.
        <canvas
          ref={canvas}
          width={size.width}
          height={size.height}
          role="img"
          aria-label={t('files.markup.canvas', { name })}
          data-marks={shapes.length}
          style={{
            maxWidth: '100%',
            maxHeight: 'calc(100vh - 200px)',
            objectFit: 'contain',
            cursor: 'crosshair',
            touchAction: 'none',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            dragFrom.current = null;
            setDraft(null);
          }}
        />
      ) : (
        <HStack role="status" gap="2" color="gray.300">
          <Spinner size="lg" color="white" />
          <Text>{t('files.markup.loading')}</Text>
        </HStack>
      )}
    </Stack>
  );
}

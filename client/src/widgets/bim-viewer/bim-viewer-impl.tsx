import { useEffect, useEffectEvent, useRef, useState, type PointerEvent } from 'react';
import { Box, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff, Focus, Maximize, Scissors, SquareDashed, XCircle } from 'lucide-react';
import { ViewerEngine } from './engine.ts';
import { BACKGROUND_COLOR, nextSelection, planStyles } from './styles.ts';
import type { BimViewerLabels, BimViewerProps } from './types.ts';

type LoadState = 'loading' | 'ready' | 'error';
const NO_IDS: readonly string[] = [];
/** A press that moves less than this (px) is a click, not an orbit. */
const CLICK_SLOP = 5;

/** The BIM viewer itself (bim-viewer.tsx loads it lazily); props in types.ts, words in quality_ui.viewer.*. */
export function BimViewerImpl(props: BimViewerProps) {
  const { models, colors, dimUncoloured, onSelect, onLoad, onError, onStyled, height = '60vh', labels } = props;
  const { t } = useTranslation();
  const label = (key: keyof BimViewerLabels) => labels?.[key] ?? t(`quality_ui.viewer.${key}`);
  const host = useRef<HTMLDivElement>(null);
  const engineRef = useRef<ViewerEngine | null>(null);
  const press = useRef<{ x: number; y: number } | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const [present, setPresent] = useState<ReadonlySet<string>>(new Set());
  const [planes, setPlanes] = useState(0);
  const [ownSelection, setOwnSelection] = useState<readonly string[]>(NO_IDS);
  const selection = props.selected ?? ownSelection;

  const select = (ids: string[]) => {
    if (props.selected === undefined) setOwnSelection(ids);
    onSelect?.(ids);
  };
  const loaded = useEffectEvent((ids: string[]) => onLoad?.({ elementCount: ids.length, globalIds: ids }));
  const failed = useEffectEvent((error: Error) => onError?.(error));
  const styled = useEffectEvent((painted: ReadonlyMap<string, string> | undefined) => onStyled?.(painted));
  const canvasLabel = label('canvas');

  // One engine per set of models: a new list of files is a new scene (and the old one is freed whole).
  const modelsKey = JSON.stringify(models.map((m) => [m.key, m.url]));
  useEffect(() => {
    const mount = document.createElement('div');
    mount.style.position = 'absolute';
    mount.style.inset = '0';
    host.current!.prepend(mount);
    const engine = new ViewerEngine(mount, BACKGROUND_COLOR);
    engine.canvas.setAttribute('role', 'img');
    engineRef.current = engine;
    const abort = new AbortController();
    setState('loading');
    setPresent(new Set());
    setPlanes(0);
    engine
      .load(
        (JSON.parse(modelsKey) as [string, string][]).map(([key, url]) => ({ key, url })),
        abort.signal,
      )
      .then(
        (ids) => {
          if (abort.signal.aborted) return;
          setPresent(new Set(ids));
          setState('ready');
          loaded(ids);
        },
        (err: unknown) => {
          if (abort.signal.aborted) return;
          setState('error');
          failed(err instanceof Error ? err : new Error(String(err)));
        },
      );
    return () => {
      abort.abort();
      engineRef.current = null;
      engine.dispose();
      mount.remove();
    };
    // modelsKey stands for `models` (a new array each render must not reload the same files).
  }, [modelsKey]);

  useEffect(() => {
    engineRef.current?.canvas.setAttribute('aria-label', canvasLabel);
  }, [canvasLabel, state]);

  useEffect(() => {
    if (state !== 'ready') return;
    void engineRef.current
      ?.setStyles(planStyles({ present, colors, selected: selection, dimUncoloured }))
      .then(() => styled(colors));
  }, [state, present, colors, selection, dimUncoloured]);

  const engine = () => engineRef.current;
  const ready = state === 'ready';
  const hasSelection = selection.some((id) => present.has(id));

  const onPointerDown = (e: PointerEvent) => {
    press.current = e.button === 0 ? { x: e.clientX, y: e.clientY } : null;
  };
  const onPointerUp = async (e: PointerEvent) => {
    const start = press.current;
    press.current = null;
    if (!ready || !start || Math.hypot(e.clientX - start.x, e.clientY - start.y) > CLICK_SLOP) return;
    const additive = e.ctrlKey || e.shiftKey || e.metaKey;
    const picked = (await engine()?.pick()) ?? null;
    select(nextSelection(selection, picked, additive));
  };
  const onDoubleClick = async () => {
    if (!ready) return;
    if (await engine()?.addFacePlane()) setPlanes(engine()?.planeCount ?? 0);
  };
  const addAxis = (axis: 'x' | 'y' | 'z') => {
    engine()?.addAxisPlane(axis);
    setPlanes(engine()?.planeCount ?? 0);
  };

  const tool = (key: keyof BimViewerLabels, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <IconButton
      key={key}
      size="sm"
      minW="44px"
      minH="44px"
      variant="outline"
      bg="bg"
      aria-label={label(key)}
      title={label(key)}
      disabled={!ready || disabled}
      onClick={onClick}
      data-testid={`bim-${key}`}
    >
      {icon}
    </IconButton>
  );

  return (
    <Stack gap="2" data-testid="bim-viewer" data-state={state}>
      <HStack role="toolbar" aria-label={label('toolbar')} wrap="wrap" gap="1">
        {tool('fit', <Maximize />, () => void engine()?.fit())}
        {tool('section_x', <AxisIcon axis="X" />, () => addAxis('x'))}
        {tool('section_y', <AxisIcon axis="Y" />, () => addAxis('y'))}
        {tool('section_z', <AxisIcon axis="Z" />, () => addAxis('z'))}
        {tool(
          'section_clear',
          <SquareDashed />,
          () => {
            engine()?.clearPlanes();
            setPlanes(0);
          },
          planes === 0,
        )}
        {tool('hide', <EyeOff />, () => void engine()?.hide(selection), !hasSelection)}
        {tool('isolate', <Focus />, () => void engine()?.isolate(selection), !hasSelection)}
        {tool('show_all', <Eye />, () => void engine()?.showAll())}
        {tool('clear_selection', <XCircle />, () => select([]), selection.length === 0)}
        <Text textStyle="sm" color="fg.muted" aria-live="polite" data-testid="bim-selected-count">
          {label('selected')}: {selection.filter((id) => present.has(id)).length}
        </Text>
      </HStack>
      <Box
        ref={host}
        position="relative"
        h={height}
        minH="240px"
        borderWidth="1px"
        borderRadius="md"
        overflow="hidden"
        style={{ touchAction: 'none', background: BACKGROUND_COLOR }}
        onPointerDown={onPointerDown}
        onPointerUp={(e) => void onPointerUp(e)}
        onDoubleClick={() => void onDoubleClick()}
        data-testid="bim-canvas-host"
      >
        {state === 'loading' && (
          <HStack position="absolute" inset="0" justify="center" pointerEvents="none">
            <Spinner size="lg" />
            <Text>{label('loading')}</Text>
          </HStack>
        )}
        {state === 'error' && (
          <Stack position="absolute" inset="0" justify="center" align="center" p="4" bg="bg" gap="2">
            <Text role="alert" fontWeight="semibold" color="fg.error" data-testid="bim-load-error">
              {label('load_error')}
            </Text>
          </Stack>
        )}
      </Box>
      <Text textStyle="xs" color="fg.muted">
        {label('hint')}
      </Text>
    </Stack>
  );
}

/** The scissors with the axis the plane cuts across. */
function AxisIcon({ axis }: { axis: string }) {
  return (
    <HStack gap="0" aria-hidden>
      <Scissors />
      <Text as="span" textStyle="xs" fontWeight="bold">
        {axis}
      </Text>
    </HStack>
  );
}

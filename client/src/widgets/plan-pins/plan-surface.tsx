import { lazy, Suspense, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Box, chakra, Spinner } from '@chakra-ui/react';
import { PIN_COLORS } from '#domain/plan-pins';
import type { BoardFailure, BoardPlan } from '#domain/plan-pins-responses';
import { isPdfPlan, nudge, pointOnPlan, type PinPoint } from './pin-geometry.ts';
import { usePinT } from './pin-words.ts';

// pdf.js is large: it arrives only with the first PDF plan shown, never with an image plan.
const PdfCanvas = lazy(() => import('./pdf-canvas.tsx').then((m) => ({ default: m.PdfCanvas })));

export type Placing = { failure: BoardFailure } | null;

/**
 * One numbered pin: a 44 px target around a 28 px dot, named for screen readers. While a failure is
 * being placed the pins step aside (inert), so a tap lands on the plan even over another pin and the
 * plan's own button holds no nested control.
 */
function PinMark({
  failure,
  label,
  isSelected,
  isInert,
  onSelect,
}: {
  failure: BoardFailure;
  label: string;
  isSelected: boolean;
  isInert: boolean;
  onSelect: () => void;
}) {
  return (
    <chakra.button
      type="button"
      position="absolute"
      left={`${failure.pin!.x * 100}%`}
      top={`${failure.pin!.y * 100}%`}
      transform="translate(-50%, -50%)"
      w="44px"
      h="44px"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="transparent"
      cursor="pointer"
      aria-label={label}
      aria-pressed={isSelected}
      disabled={isInert}
      aria-hidden={isInert || undefined}
      pointerEvents={isInert ? 'none' : undefined}
      data-testid={`plan-pin-${failure.number}`}
      onClick={(e) => {
        e.stopPropagation();
        onSelect();
      }}
    >
      <Box
        as="span"
        w="28px"
        h="28px"
        rounded="full"
        bg={PIN_COLORS[failure.state]}
        color="white"
        fontWeight="bold"
        fontSize="xs"
        display="flex"
        alignItems="center"
        justifyContent="center"
        borderWidth="2px"
        borderColor="white"
        boxShadow={isSelected ? '0 0 0 3px var(--chakra-colors-fg)' : 'md'}
        aria-hidden
      >
        {failure.number}
      </Box>
    </chakra.button>
  );
}

/**
 * The plan (a PDF page or an image as it is) at the chosen zoom, its pins, and, while a failure is
 * being placed, a tap target: a tap, or the arrows and Enter from the keyboard, places the pin.
 */
export function PlanSurface({
  plan,
  page,
  zoom,
  pins,
  placing,
  selectedKey,
  pinLabel,
  onPlace,
  onSelect,
  onPageCount,
}: {
  plan: BoardPlan;
  page: number;
  zoom: number;
  pins: BoardFailure[];
  placing: Placing;
  selectedKey: string | null;
  pinLabel: (f: BoardFailure) => string;
  onPlace: (point: PinPoint) => void;
  onSelect: (f: BoardFailure) => void;
  onPageCount: (count: number) => void;
}) {
  const t = usePinT();
  const [cursor, setCursor] = useState<PinPoint>({ x: 0.5, y: 0.5 });
  const planLabel = t('widgets.plan_pins.plan_image', { name: plan.name });

  const place = (e: MouseEvent<HTMLDivElement>) => {
    if (!placing) return;
    onPlace(pointOnPlan(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY));
  };
  const keys = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!placing || e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPlace(cursor);
      return;
    }
    const moved = nudge(cursor, e.key, e.shiftKey);
    if (moved) {
      e.preventDefault();
      setCursor(moved);
    }
  };

  return (
    <Box
      overflow="auto"
      maxH={{ base: '65vh', md: '75vh' }}
      borderWidth="1px"
      rounded="md"
      bg="bg.subtle"
      data-testid="plan-viewport"
    >
      <Box
        position="relative"
        w={`${zoom * 100}%`}
        cursor={placing ? 'crosshair' : 'default'}
        onClick={place}
        onKeyDown={keys}
        {...(placing
          ? {
              role: 'button',
              tabIndex: 0,
              'aria-label': t('widgets.plan_pins.surface_label', { number: placing.failure.number }),
            }
          : {})}
        outline={placing ? '2px dashed' : undefined}
        outlineColor="colorPalette.solid"
        data-testid="plan-surface"
      >
        {isPdfPlan(plan) ? (
          <Suspense fallback={<Spinner m="6" />}>
            <PdfCanvas url={plan.url} page={page} label={planLabel} onPageCount={onPageCount} />
          </Suspense>
        ) : (
          <img
            src={plan.url}
            alt={planLabel}
            draggable={false}
            style={{ width: '100%', height: 'auto', display: 'block' }}
          />
        )}
        {pins.map((f) => (
          <PinMark
            key={`${f.kind}-${f.id}`}
            failure={f}
            label={pinLabel(f)}
            isSelected={selectedKey === `${f.kind}-${f.id}`}
            isInert={Boolean(placing)}
            onSelect={() => onSelect(f)}
          />
        ))}
        {placing ? (
          <Box
            position="absolute"
            left={`${cursor.x * 100}%`}
            top={`${cursor.y * 100}%`}
            transform="translate(-50%, -50%)"
            w="6"
            h="6"
            rounded="full"
            borderWidth="3px"
            borderColor="fg"
            pointerEvents="none"
            aria-hidden
            data-testid="plan-cursor"
          />
        ) : null}
      </Box>
    </Box>
  );
}

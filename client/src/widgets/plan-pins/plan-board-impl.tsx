import { useState } from 'react';
import { Button, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import type { PlanPinInput } from '#domain/plan-pins';
import type { BoardFailure, PlanBoard } from '#domain/plan-pins-responses';
import { isPdfPlan, pinsOn, type PinPoint } from './pin-geometry.ts';
import { PlanSurface, type Placing } from './plan-surface.tsx';
import { PinLegend, PinList } from './pin-list.tsx';
import { PinWordsContext, usePinT } from './pin-words.ts';

const ZOOMS = [1, 1.5, 2, 3, 4] as const;
const keyOf = (f: BoardFailure) => `${f.kind}-${f.id}`;

export type PlanBoardProps = {
  board: PlanBoard;
  /** Saves a pin; the board that comes back replaces this one (the caller's query). */
  onPin: (failure: BoardFailure, pin: PlanPinInput) => void;
  onUnpin?: (failure: BoardFailure) => void;
  busy?: boolean;
  /** Whose pins these are, in the surface's words (pin-words.ts); the after-sales failures' by default. */
  words?: string;
};

/**
 * The unit type's plan with every failure of the unit as a numbered pin coloured by its state
 * (docs/product.md#defects-on-plans), shared by the staff ticket, the delivery revision and the owner
 * portal. Choosing "place" on a failure and tapping the plan pins it; the list is the keyboard's way.
 */
export function PlanBoardImpl({ words, ...props }: PlanBoardProps) {
  return (
    <PinWordsContext.Provider value={words}>
      <Board {...props} />
    </PinWordsContext.Provider>
  );
}

function Board({ board, onPin, onUnpin, busy = false }: Omit<PlanBoardProps, 'words'>) {
  const t = usePinT();
  const [planId, setPlanId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(1);
  const [zoomIndex, setZoomIndex] = useState(0);
  const [placing, setPlacing] = useState<Placing>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const plan = board.plans.find((p) => p.id === planId) ?? board.plans[0];

  if (!plan) return <Text color="fg.muted">{t('widgets.plan_pins.no_plans')}</Text>;

  const pinLabel = (f: BoardFailure) =>
    t('widgets.plan_pins.pin_label', {
      number: f.number,
      label: f.label,
      state: t(`widgets.plan_pins.states.${f.state}`),
    });
  const showPlan = (id: number, toPage = 1) => {
    setPlanId(id);
    setPage(toPage);
  };
  const select = (f: BoardFailure) => {
    setSelectedKey(keyOf(f));
    if (f.pin && (f.pin.plan_id !== plan.id || f.pin.page !== page)) showPlan(f.pin.plan_id, f.pin.page);
  };
  const place = (point: PinPoint) => {
    if (!placing) return;
    onPin(placing.failure, { plan_id: plan.id, page, x: point.x, y: point.y });
    setSelectedKey(keyOf(placing.failure));
    setPlacing(null);
  };

  return (
    <Stack gap="3" data-testid="plan-board">
      <HStack gap="2" wrap="wrap" justify="space-between">
        {board.plans.length > 1 ? (
          <NativeSelect.Root size="sm" maxW="xs">
            <NativeSelect.Field
              aria-label={t('widgets.plan_pins.choose_plan')}
              value={String(plan.id)}
              onChange={(e) => showPlan(Number(e.target.value))}
              minH="44px"
            >
              {board.plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Text fontWeight="medium">{plan.name}</Text>
        )}
        <HStack gap="1">
          {isPdfPlan(plan) && pageCount > 1 ? (
            <>
              <IconButton
                size="sm"
                minW="44px"
                minH="44px"
                variant="outline"
                aria-label={t('widgets.plan_pins.prev_page')}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                <ChevronLeft size={16} />
              </IconButton>
              <Text textStyle="sm" aria-live="polite">
                {t('widgets.plan_pins.page_of', { page, count: pageCount })}
              </Text>
              <IconButton
                size="sm"
                minW="44px"
                minH="44px"
                variant="outline"
                aria-label={t('widgets.plan_pins.next_page')}
                disabled={page >= pageCount}
                onClick={() => setPage(page + 1)}
              >
                <ChevronRight size={16} />
              </IconButton>
            </>
          ) : null}
          <IconButton
            size="sm"
            minW="44px"
            minH="44px"
            variant="outline"
            aria-label={t('widgets.plan_pins.zoom_out')}
            disabled={zoomIndex === 0}
            onClick={() => setZoomIndex(zoomIndex - 1)}
          >
            <ZoomOut size={16} />
          </IconButton>
          <IconButton
            size="sm"
            minW="44px"
            minH="44px"
            variant="outline"
            aria-label={t('widgets.plan_pins.zoom_in')}
            disabled={zoomIndex === ZOOMS.length - 1}
            onClick={() => setZoomIndex(zoomIndex + 1)}
            data-testid="plan-zoom-in"
          >
            <ZoomIn size={16} />
          </IconButton>
          <IconButton
            size="sm"
            minW="44px"
            minH="44px"
            variant="outline"
            aria-label={t('widgets.plan_pins.zoom_fit')}
            disabled={zoomIndex === 0}
            onClick={() => setZoomIndex(0)}
          >
            <Maximize size={16} />
          </IconButton>
        </HStack>
      </HStack>
      {placing ? (
        <HStack
          gap="2"
          p="2"
          rounded="md"
          bg="colorPalette.subtle"
          role="status"
          wrap="wrap"
          data-testid="plan-placing"
        >
          <Text textStyle="sm" flex="1">
            {t('widgets.plan_pins.placing_hint', { number: placing.failure.number })}
          </Text>
          <Button size="sm" minH="44px" variant="outline" onClick={() => setPlacing(null)}>
            {t('widgets.plan_pins.cancel')}
          </Button>
        </HStack>
      ) : null}
      <PlanSurface
        plan={plan}
        page={page}
        zoom={ZOOMS[zoomIndex]}
        pins={pinsOn(board.failures, plan.id, page)}
        placing={placing}
        selectedKey={selectedKey}
        pinLabel={pinLabel}
        onPlace={place}
        onSelect={select}
        onPageCount={setPageCount}
      />
      <PinLegend failures={board.failures} />
      <PinList
        failures={board.failures}
        selectedKey={selectedKey}
        placingKey={placing ? keyOf(placing.failure) : null}
        busy={busy}
        planOf={(id) => board.plans.find((p) => p.id === id)}
        onPlace={(f) => setPlacing(placing && keyOf(placing.failure) === keyOf(f) ? null : { failure: f })}
        onRemove={onUnpin}
        onSelect={select}
      />
    </Stack>
  );
}

import { Box, Button, Flex, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { PIN_COLORS, PIN_STATES } from '#domain/plan-pins';
import type { BoardFailure, BoardPlan } from '#domain/plan-pins-responses';
import { isPdfPlan, legendStates } from './pin-geometry.ts';
import { usePinT } from './pin-words.ts';

const keyOf = (f: BoardFailure) => `${f.kind}-${f.id}`;

function Dot({ color, number }: { color: string; number?: number }) {
  return (
    <Box
      as="span"
      flexShrink={0}
      w={number === undefined ? '3' : '7'}
      h={number === undefined ? '3' : '7'}
      rounded="full"
      bg={color}
      color="white"
      fontWeight="bold"
      fontSize="xs"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      aria-hidden
    >
      {number}
    </Box>
  );
}

/** The legend: one colour per state present on the board. */
export function PinLegend({ failures }: { failures: BoardFailure[] }) {
  const t = usePinT();
  const states = legendStates(failures, PIN_STATES);
  if (!states.length) return null;
  return (
    <Flex as="ul" aria-label={t('widgets.plan_pins.legend')} gap="3" wrap="wrap" listStyleType="none" textStyle="sm">
      {states.map((s) => (
        <HStack as="li" key={s} gap="1.5">
          <Dot color={PIN_COLORS[s]} />
          {t(`widgets.plan_pins.states.${s}`)}
        </HStack>
      ))}
    </Flex>
  );
}

/**
 * Every failure of the unit with its number (the keyboard's and screen reader's way through the plan):
 * where it is, and the buttons to place, move or remove its pin.
 */
export function PinList({
  failures,
  selectedKey,
  placingKey,
  busy,
  planOf,
  onPlace,
  onRemove,
  onSelect,
}: {
  failures: BoardFailure[];
  selectedKey: string | null;
  placingKey: string | null;
  busy: boolean;
  planOf: (planId: number) => BoardPlan | undefined;
  onPlace: (f: BoardFailure) => void;
  onRemove?: (f: BoardFailure) => void;
  onSelect: (f: BoardFailure) => void;
}) {
  const t = usePinT();
  if (!failures.length) return <Text color="fg.muted">{t('widgets.plan_pins.no_failures')}</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" aria-label={t('widgets.plan_pins.list')} data-testid="plan-pin-list">
      {failures.map((f) => {
        const key = keyOf(f);
        const plan = f.pin ? planOf(f.pin.plan_id) : undefined;
        const where = !f.pin
          ? t('widgets.plan_pins.not_placed')
          : plan && isPdfPlan(plan)
            ? t('widgets.plan_pins.placed_on', { name: plan.name, page: f.pin.page })
            : t('widgets.plan_pins.placed_on_image', { name: plan?.name ?? '' });
        return (
          <Flex
            as="li"
            key={key}
            gap="2"
            align="center"
            wrap="wrap"
            p="2"
            rounded="md"
            borderWidth="1px"
            borderColor={selectedKey === key || placingKey === key ? 'colorPalette.solid' : 'border'}
            data-testid={`plan-row-${f.number}`}
          >
            <Button
              variant="ghost"
              size="sm"
              minH="44px"
              flex="1"
              justifyContent="flex-start"
              textAlign="start"
              whiteSpace="normal"
              h="auto"
              py="1"
              onClick={() => onSelect(f)}
              aria-pressed={selectedKey === key}
            >
              <Dot color={PIN_COLORS[f.state]} number={f.number} />
              <Stack gap="0" align="flex-start">
                <Text textStyle="sm" fontWeight="medium" lineClamp={2}>
                  {/* The dot's number, for screen readers: "Falla 3: …" as on the pin. */}
                  <VisuallyHidden>{t('widgets.plan_pins.row_prefix', { number: f.number })}</VisuallyHidden>
                  {f.label}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {t(`widgets.plan_pins.states.${f.state}`)} · {where}
                </Text>
              </Stack>
            </Button>
            {f.can_pin ? (
              <HStack gap="1">
                <Button
                  size="sm"
                  minH="44px"
                  variant="outline"
                  aria-pressed={placingKey === key}
                  disabled={busy}
                  onClick={() => onPlace(f)}
                  aria-label={t(f.pin ? 'widgets.plan_pins.move_aria' : 'widgets.plan_pins.place_aria', {
                    number: f.number,
                  })}
                  data-testid={`plan-place-${f.number}`}
                >
                  {t(f.pin ? 'widgets.plan_pins.move' : 'widgets.plan_pins.place')}
                </Button>
                {f.pin && onRemove ? (
                  <Button
                    size="sm"
                    minH="44px"
                    variant="ghost"
                    disabled={busy}
                    onClick={() => onRemove(f)}
                    aria-label={t('widgets.plan_pins.remove_aria', { number: f.number })}
                  >
                    {t('widgets.plan_pins.remove')}
                  </Button>
                ) : null}
              </HStack>
            ) : null}
          </Flex>
        );
      })}
    </Stack>
  );
}

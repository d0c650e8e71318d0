import { useTranslation } from 'react-i18next';
import type { BatchState, PlacementState } from '#domain/concrete-placements';
import { StateTag } from '../../../widgets/state-tag.tsx';
import { CONCRETE_TAG_COLORS } from './state-tags.tsx';

const PLACEMENT_COLORS: Record<PlacementState, string> = {
  programado: '#2563eb',
  vaciado: CONCRETE_TAG_COLORS.warn,
  muestreado: '#7c3aed',
  ensayado: CONCRETE_TAG_COLORS.good,
  anulado: CONCRETE_TAG_COLORS.neutral,
};
const BATCH_COLORS: Record<BatchState, string> = {
  abierto: '#2563eb',
  cerrado: CONCRETE_TAG_COLORS.warn,
  conforme: CONCRETE_TAG_COLORS.good,
  no_conforme: CONCRETE_TAG_COLORS.bad,
};

/** A placement's state as its machine names it (machines/concrete-placement.ts, locales machines.placement). */
export function PlacementStateTag({ state }: { state: PlacementState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="placement-state">
      <StateTag size="sm" label={t(`machines.placement.states.${state}`)} color={PLACEMENT_COLORS[state]} />
    </span>
  );
}

/** A batch's state (machines/concrete-batch.ts): open, closed, conforming or non-conforming. */
export function BatchStateTag({ state }: { state: BatchState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="batch-state">
      <StateTag size="sm" label={t(`machines.batch.states.${state}`)} color={BATCH_COLORS[state]} />
    </span>
  );
}

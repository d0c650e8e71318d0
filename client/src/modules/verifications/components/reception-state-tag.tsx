import { useTranslation } from 'react-i18next';
import type { CheckpointResult, FollowUpState, ReceptionState } from '#domain/verifications';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** A reception's colour by state: the tag's and the Gantt bar's. */
export const RECEPTION_COLORS: Record<ReceptionState, string> = {
  programada: '#2563eb',
  en_inspeccion: '#b9770e',
  observada: '#c2410c',
  aprobada: '#1e8449',
  anulada: '#6b7280',
};
const FOLLOW_UP_COLORS: Record<FollowUpState, string> = { abierto: '#b9770e', cerrado: '#1e8449' };
export const RESULT_COLORS: Record<CheckpointResult, string> = {
  cumple: '#1e8449',
  no_cumple: '#c0392b',
  no_aplica: '#6b7280',
};
const OVERDUE_COLOR = '#c0392b';

/** A reception's state as its machine names it (machines/reception.ts, locales machines.reception). */
export function ReceptionStateTag({ state }: { state: ReceptionState }) {
  const { t } = useTranslation();
  return (
    <span data-testid="reception-state">
      <StateTag size="sm" label={t(`machines.reception.states.${state}`)} color={RECEPTION_COLORS[state]} />
    </span>
  );
}

/** A follow-up's state (machines/reception-follow-up.ts); an open one past its due date says so. */
export function FollowUpStateTag({ state, overdue }: { state: FollowUpState; overdue?: boolean }) {
  const { t } = useTranslation();
  const late = state === 'abierto' && overdue;
  return (
    <span data-testid="follow-up-state">
      <StateTag
        size="sm"
        label={late ? t('verifications_ui.follow_ups.overdue') : t(`machines.followUp.states.${state}`)}
        color={late ? OVERDUE_COLOR : FOLLOW_UP_COLORS[state]}
      />
    </span>
  );
}

/** A checkpoint's answer: Cumple / No cumple / No aplica. */
export function ResultTag({ result }: { result: CheckpointResult }) {
  const { t } = useTranslation();
  return (
    <StateTag size="sm" label={t(`verifications_ui.inspection.results.${result}`)} color={RESULT_COLORS[result]} />
  );
}

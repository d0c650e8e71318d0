import { useTranslation } from 'react-i18next';
import type { HealthLevel } from '#domain/insights';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** A company's health colour (domain/insights.ts healthLevel): ok green, atención amber, problema red. */
export const HEALTH_COLORS: Record<HealthLevel, string> = {
  ok: '#1e8449',
  atencion: '#b9770e',
  problema: '#c0392b',
};

export function HealthLevelTag({ level }: { level: HealthLevel }) {
  const { t } = useTranslation();
  return (
    <span data-testid="health-level" data-level={level}>
      <StateTag size="sm" label={t(`tiinsights.levels.${level}`)} color={HEALTH_COLORS[level]} />
    </span>
  );
}

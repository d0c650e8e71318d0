import { useTranslation } from 'react-i18next';
import type { FichaState } from '#machines/ficha';
import { StateTag } from '../../../widgets/state-tag.tsx';

/** docs/product.md §4 ficha states with the state-tag icons of docs/product.md §4 (qi0–qi5). */
const LOOK: Record<FichaState, { color: string; icon: string }> = {
  por_entregar: { color: '#1e88e5', icon: 'qi1' },
  entregada: { color: '#2e7d32', icon: 'qi3' },
  entregada_obs: { color: '#ef6c00', icon: 'qi5' },
};

export function FichaStateTag({ state, size = 'sm' }: { state: FichaState; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const look = LOOK[state] ?? LOOK.por_entregar;
  return <StateTag label={t(`machines.ficha.states.${state}`)} color={look.color} icon={look.icon} size={size} />;
}

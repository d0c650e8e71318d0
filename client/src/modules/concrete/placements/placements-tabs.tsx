import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';

export const PLACEMENTS_BASE = '/concrete/placements';

/** concrete/placements' two lists, one route each: the placements and the batches they form. */
export function PlacementsTabs({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const tabs = [
    { value: 'list', label: t('routes.concrete.placements.list.title') },
    { value: 'lotes', label: t('routes.concrete.placements.lotes.title') },
  ];
  return (
    <RouteTabs base={PLACEMENTS_BASE} tabs={tabs}>
      {children}
    </RouteTabs>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';

/** config/hormigon's three pages (client/src/shared/route-manifest.ts), one tab each, concreto first. */
export function ConcreteConfigTabs({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RouteTabs
      base="/config/hormigon"
      tabs={[
        { value: 'concreto', label: t('routes.config.hormigon.concreto.title') },
        { value: 'empresas-y-tipos', label: t('routes.config.hormigon.empresas-y-tipos.title') },
        { value: 'lotes', label: t('routes.config.hormigon.lotes.title') },
      ]}
    >
      {children}
    </RouteTabs>
  );
}

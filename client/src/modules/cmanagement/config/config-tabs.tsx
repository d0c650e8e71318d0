import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';

/** config/cmanagement's three pages (client/src/shared/route-manifest.ts), one tab each, custom fields first. */
export function CmConfigTabs({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <RouteTabs
      base="/config/cmanagement"
      tabs={[
        { value: 'custom-fields', label: t('cmanagement_ui.config.fields.title') },
        { value: 'tasks', label: t('cmanagement_ui.config.templates.title') },
        { value: 'categories', label: t('cmanagement_ui.config.categories.title') },
      ]}
    >
      {children}
    </RouteTabs>
  );
}

import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiV2 } from '../../api/clients.ts';
import type { DataEnvelope } from '../../api/data.ts';
import { ModuleBanner, type ModuleBannerLinks } from '../../widgets/module-banner.tsx';

/** Where the dismissal is remembered, per browser: the banner is an offer, not a message to repeat. */
export const MOBILE_BANNER_DISMISSED_KEY = 'qa.mobile-app-banner.dismissed';

/** GET home/app-movil: the links the deployment configured (README: MOBILE_APP_*), null when not. */
export const mobileAppLinksQuery = queryOptions({
  queryKey: ['home', 'app-movil'],
  queryFn: ({ signal }) => apiV2.get<DataEnvelope<ModuleBannerLinks>>('home/app-movil', { signal }).then((r) => r.data),
  staleTime: Infinity,
});

function readDismissed(): boolean {
  try {
    return localStorage.getItem(MOBILE_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * docs/product.md §2 module banner at the top of the /warranties area (after-sales and deliveries, the work the mobile
 * app does on site): the configured store, apk and help links. Without any configured link it is not shown, and once
 * closed it stays closed in this browser.
 */
export function MobileAppBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(readDismissed);
  const { data: links } = useQuery({ ...mobileAppLinksQuery, enabled: !dismissed });
  if (dismissed || !links || !Object.values(links).some(Boolean)) return null;
  return (
    <ModuleBanner
      title={t('widgets.module_banner.mobile_title')}
      description={t('widgets.module_banner.mobile_body')}
      links={links}
      onDismiss={() => {
        try {
          localStorage.setItem(MOBILE_BANNER_DISMISSED_KEY, '1');
        } catch {
          // private mode: closed for this visit only
        }
        setDismissed(true);
      }}
    />
  );
}

import type { ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DATA_EXPORT, INTERNAL_INSIGHTS } from '#domain/insights';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';

export const TIINSIGHTS_BASE = '/tiinsights';

/** What the signed-in provider staff may do here: health and billing with ryr, exports with dbdump. */
export function useTiinsightsAccess() {
  return { health: useCan(INTERNAL_INSIGHTS), exports: useCan(DATA_EXPORT) };
}

/**
 * /tiinsights' screens under one title: Empresas (every company's health, then one company) with ryr, Exportaciones
 * with dbdump; a tab the user may not open is not shown.
 */
export function TiinsightsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const access = useTiinsightsAccess();
  const tabs = [
    ...(access.health ? [{ value: 'empresas', label: t('tiinsights.tabs.empresas') }] : []),
    ...(access.exports ? [{ value: 'exportaciones', label: t('tiinsights.tabs.exportaciones') }] : []),
  ];
  return (
    <Stack gap="3" p={{ base: '2', md: '4' }} minW="0" maxW="1440px" w="full" mx="auto">
      <PageHeader title={t('routes.tiinsights.title')} />
      <RouteTabs base={TIINSIGHTS_BASE} tabs={tabs}>
        {children}
      </RouteTabs>
    </Stack>
  );
}

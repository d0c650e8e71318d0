import { Code, Heading, HStack, Link, Stack, Text, Wrap, Badge } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router';
import type { ApiAppRow } from '#domain/api-apps-responses';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { RouteTabs } from '../../../widgets/route-tabs.tsx';
import { apiAppQuery } from '../api/api-apps-api.ts';
import { AppStateBadge } from './app-state-badge.tsx';
import { useAppIdParam } from './use-app-id.ts';

/** docs/product.md §2 config integraciones apps/{appId}: the app's header above its tabs, hooks (default) and logs. */
export const APP_TABS = ['hooks', 'logs'] as const;

export function ApiAppLayout() {
  const { t } = useTranslation();
  const appId = useAppIdParam();
  const query = useQuery({ ...apiAppQuery(appId), enabled: Number.isFinite(appId) });
  return (
    <Stack gap="3">
      <Link asChild textStyle="sm" colorPalette="brand" alignSelf="flex-start">
        <RouterLink to="/config/integraciones/apps">
          <ArrowLeft size={14} aria-hidden="true" />
          {t('integrations_ui.api_apps.back')}
        </RouterLink>
      </Link>
      <QueryState query={query}>
        {(app) => (
          <>
            <AppHeader app={app} />
            <RouteTabs
              base={`/config/integraciones/apps/${appId}`}
              tabs={APP_TABS.map((tab) => ({ value: tab, label: t(`integrations_ui.api_apps.${tab}`) }))}
            >
              <Outlet />
            </RouteTabs>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function AppHeader({ app }: { app: ApiAppRow }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="2" data-testid="api-app-header">
      <HStack gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          {app.name}
        </Heading>
        <AppStateBadge state={app.state} />
      </HStack>
      <HStack gap="4" wrap="wrap" textStyle="sm" color="fg.muted">
        <Text>
          {t('integrations_ui.api_apps.client_id')}: <Code fontSize="xs">{app.client_id}</Code>
        </Text>
        <Text>
          {t('integrations_ui.api_apps.last_used')}:{' '}
          {app.last_used_at ? dateTimeText(app.last_used_at, i18n.language) : t('integrations_ui.api_apps.never_used')}
        </Text>
      </HStack>
      <Wrap gap="1">
        {app.scope.map((flag) => (
          <Badge key={flag} variant="outline">
            {flag}
          </Badge>
        ))}
      </Wrap>
    </Stack>
  );
}

import { Alert, Stack, Switch, Tabs } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { webhookSettingsQuery } from '../api/webhooks-api.ts';
import { useSetWebhooksEnabled } from '../api/webhooks-mutations.ts';
import { WebhookApplicationsPanel } from './applications-panel.tsx';
import { WebhookHistoryTab } from './history-tab.tsx';

/** docs/product.md §2 config/integraciones/webhooks: the activation switch, then Configuración and Historial. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const settings = useQuery(webhookSettingsQuery);
  const setEnabled = useSetWebhooksEnabled();
  return (
    <Stack gap="4">
      <PageHeader title={t('integrations_ui.webhooks.title')} subtitle={t('integrations_ui.webhooks.intro')} />
      <QueryState query={settings}>
        {({ enabled }) => (
          <Stack gap="2">
            <Switch.Root
              checked={enabled}
              disabled={setEnabled.isPending}
              onCheckedChange={(d) =>
                setEnabled.mutate(d.checked, {
                  onSuccess: (row) =>
                    showSuccessToast(
                      t(row.enabled ? 'integrations_ui.webhooks.turned_on' : 'integrations_ui.webhooks.turned_off'),
                    ),
                })
              }
              data-testid="webhooks-enabled"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t('integrations_ui.webhooks.enabled')}</Switch.Label>
            </Switch.Root>
            {enabled ? null : (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Description>{t('integrations_ui.webhooks.off_note')}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        )}
      </QueryState>
      <Tabs.Root defaultValue="configuracion" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="configuracion" data-testid="tab-configuracion">
            {t('integrations_ui.webhooks.tab_configuration')}
          </Tabs.Trigger>
          <Tabs.Trigger value="historial" data-testid="tab-historial">
            {t('integrations_ui.webhooks.tab_history')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="configuracion">
          <WebhookApplicationsPanel />
        </Tabs.Content>
        <Tabs.Content value="historial">
          <WebhookHistoryTab />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

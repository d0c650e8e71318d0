import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectionView } from '#domain/integrations-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { connectionQuery, useIntegrationCommand } from '../api/hubspot-api.ts';
import { SyncLogPanel } from '../sync/sync-log-panel.tsx';
import { HubspotSettingsForm } from './hubspot-settings-form.tsx';

const STATE_COLOR = { solicitada: 'gray', en_proceso: 'orange', activa: 'green', inactiva: 'gray' } as const;

/** docs/product.md §2 config/integraciones/hubspot: the CRM's state, settings, activation and call log. */
export function HubspotPage() {
  const { t } = useTranslation();
  const query = useQuery(connectionQuery('hubspot'));
  return (
    <Stack gap="4">
      <PageHeader title={t('integrations_ui.hubspot.title')} subtitle={t('integrations_ui.hubspot.intro')} />
      <QueryState query={query}>
        {(connection) =>
          connection.state ? (
            <Stack gap="4">
              <ActivationBar connection={connection} />
              <HubspotSettingsForm key={connection.updated_at ?? 'new'} connection={connection} />
              <Card.Root>
                <Card.Body>
                  <Text fontWeight="semibold" mb="3">
                    {t('integrations_ui.sync.title')}
                  </Text>
                  <SyncLogPanel kind="hubspot" />
                </Card.Body>
              </Card.Root>
            </Stack>
          ) : (
            <Text color="fg.muted">{t('integrations_ui.hubspot.not_requested')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}

function ActivationBar({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const command = useIntegrationCommand('hubspot');
  const state = connection.state!;
  const verb = state === 'activa' ? 'desactivar' : 'activar';
  return (
    <HStack gap="3" wrap="wrap">
      <Badge colorPalette={STATE_COLOR[state]} variant="subtle" size="lg" data-testid="hubspot-state">
        {t(`machines.integration.states.${state}`)}
      </Badge>
      <Button
        size="sm"
        variant={verb === 'activar' ? 'solid' : 'outline'}
        colorPalette={verb === 'activar' ? 'brand' : undefined}
        disabled={verb === 'activar' && !connection.configured}
        loading={command.isPending}
        onClick={() =>
          command.mutate(verb, { onSuccess: (answer) => answer.message && showSuccessToast(answer.message) })
        }
        data-testid="hubspot-toggle"
      >
        {t(verb === 'activar' ? 'integrations_ui.hubspot.activate' : 'integrations_ui.hubspot.deactivate')}
      </Button>
    </HStack>
  );
}

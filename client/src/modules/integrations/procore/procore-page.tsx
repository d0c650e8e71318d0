import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectionView } from '#domain/integrations-responses';
import type { ProcoreRemoteProject } from '#domain/procore-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { connectionQuery, useConnectionCommand } from '../api/connections-api.ts';
import { SyncLogPanel } from '../sync/sync-log-panel.tsx';
import { ProcoreCredentialsForm } from './procore-credentials-form.tsx';
import { ProcoreObservationsTable } from './procore-observations-table.tsx';
import { ProcoreProjectsTable } from './procore-projects-table.tsx';

const STATE_PALETTE = { solicitada: 'orange', en_proceso: 'blue', activa: 'green', inactiva: 'gray' } as const;

/**
 * docs/product.md §2 config/integraciones/procore: the construction platform's credentials, "Probar conexión", the
 * project mapping, activation, the failures sent as observations and the log of calls.
 */
export function ProcorePage() {
  const { t } = useTranslation();
  const query = useQuery(connectionQuery('procore'));
  const [remote, setRemote] = useState<ProcoreRemoteProject[] | null>(null);
  return (
    <Stack gap="4">
      <QueryState query={query}>
        {(connection) => (
          <>
            <PageHeader
              title={t('integrations_ui.procore.title')}
              subtitle={t('integrations_ui.procore.intro')}
              actions={<ActivationControls connection={connection} />}
            />
            <ProcoreCredentialsForm connection={connection} onProjects={setRemote} />
          </>
        )}
      </QueryState>
      <ProcoreProjectsTable remote={remote} />
      <ProcoreObservationsTable />
      <Card.Root>
        <Card.Header>
          <Card.Title>{t('integrations_ui.sync.title')}</Card.Title>
        </Card.Header>
        <Card.Body>
          <SyncLogPanel kind="procore" />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** The state tag and the machine's verbs: activate once configured, deactivate while active. */
function ActivationControls({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const command = useConnectionCommand('procore');
  const state = connection.state;
  const run = (verb: 'activar' | 'desactivar') =>
    command.mutate(verb, { onSuccess: (answer) => showSuccessToast(answer.message) });
  return (
    <Stack gap="1" align={{ base: 'stretch', sm: 'flex-end' }}>
      <HStack gap="3">
        <Badge colorPalette={state ? STATE_PALETTE[state] : 'gray'} data-testid="procore-state">
          {t(`integrations_ui.procore.states.${state ?? 'none'}`)}
        </Badge>
        {state === 'activa' ? (
          <Button variant="outline" minH="44px" loading={command.isPending} onClick={() => run('desactivar')}>
            {t('integrations_ui.procore.deactivate')}
          </Button>
        ) : state === 'en_proceso' || state === 'inactiva' ? (
          <Button
            colorPalette="brand"
            minH="44px"
            loading={command.isPending}
            disabled={!connection.configured}
            onClick={() => run('activar')}
            data-testid="procore-activate"
          >
            {t('integrations_ui.procore.activate')}
          </Button>
        ) : null}
      </HStack>
      {!connection.configured && state !== 'activa' ? (
        <Text textStyle="xs" color="fg.muted">
          {t('integrations_ui.procore.not_configured_hint')}
        </Text>
      ) : null}
    </Stack>
  );
}

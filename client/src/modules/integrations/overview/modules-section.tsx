import { Badge, HStack, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { integrationStateOf } from '#domain/integrations';
import type { ModuleRequestView } from '#domain/integrations-responses';
import { groupLabelKey } from '#domain/permission-catalogue';
import { QueryState } from '../../../widgets/query-state.tsx';
import { moduleRequestsQuery } from '../api/requests-api.ts';
import { STATE_COLOR } from './integration-card.tsx';
import { RequestActivationButton } from './request-activation-button.tsx';

/** A module may be asked for when it was never configured or was switched off (the server's rule too). */
const canRequest = (m: ModuleRequestView) => m.status === null || m.status === 'inactivo';

/** docs/product.md §4: the company's modules, their activation status, and a request for those not active. */
export function ModulesSection() {
  const { t } = useTranslation();
  const query = useQuery(moduleRequestsQuery);
  return (
    <Stack gap="3" as="section" aria-labelledby="modules-heading">
      <Heading size="lg" id="modules-heading">
        {t('integrations_ui.modules.title')}
      </Heading>
      <Text color="fg.muted">{t('integrations_ui.modules.intro')}</Text>
      <QueryState query={query}>
        {(rows) => (
          <Table.Root size="sm" aria-label={t('integrations_ui.modules.title')} data-testid="modules-table">
            <Table.Body>
              {rows.map((m) => (
                <Table.Row key={m.module} data-testid={`module-${m.module}`}>
                  <Table.Cell fontWeight="medium">{t(groupLabelKey(m.module))}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_COLOR[m.status ? integrationStateOf(m.status) : 'none']}>
                      {t(`integrations_ui.modules.statuses.${m.status ?? 'none'}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack justify="flex-end">
                      {canRequest(m) && <RequestActivationButton target={{ kind: 'module', module: m.module }} />}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </QueryState>
    </Stack>
  );
}

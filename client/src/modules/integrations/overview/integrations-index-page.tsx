import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { connectionsQuery } from '../api/requests-api.ts';
import { IndexCard, IntegrationCard } from './integration-card.tsx';
import { LinkButton } from './link-button.tsx';
import { ModulesSection } from './modules-section.tsx';

/** The company's own developer surfaces, each with its page. */
const DEVELOPER_PAGES = [
  { id: 'webhooks', to: '/config/integraciones/webhooks' },
  { id: 'api', to: '/config/integraciones/api' },
] as const;

/**
 * docs/product.md §2 config/integraciones: every integration with its state and next step, the webhooks and API
 * pages, and the modules the company may ask the provider for. Live: a request or the provider's move refetches it.
 */
export function IntegrationsIndexPage() {
  const { t } = useTranslation();
  const query = useQuery(connectionsQuery);
  return (
    <Stack gap="6">
      <PageHeader title={t('integrations_ui.overview.title')} subtitle={t('integrations_ui.overview.intro')} />
      <QueryState query={query}>
        {(connections) => (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="integrations-grid">
            {connections.map((c) => (
              <IntegrationCard key={c.kind} connection={c} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <Stack gap="3" as="section" aria-labelledby="developers-heading">
        <Heading size="lg" id="developers-heading">
          {t('integrations_ui.overview.developers')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {DEVELOPER_PAGES.map((p) => (
            <IndexCard
              key={p.id}
              testId={`developer-${p.id}`}
              title={t(`integrations_ui.overview.${p.id}.title`)}
              kind={t(`integrations_ui.overview.${p.id}.kind`)}
              description={t(`integrations_ui.overview.${p.id}.description`)}
              actions={<LinkButton to={p.to}>{t('integrations_ui.overview.open')}</LinkButton>}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <ModulesSection />
    </Stack>
  );
}

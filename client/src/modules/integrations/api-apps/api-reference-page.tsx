import { Card, Code, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { API_TOKEN_TTL_SECONDS, PUBLIC_API_BASE } from '#domain/api-apps';
import { apiOrigin } from '../../../api/clients.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { openApiQuery, type OpenApiDocument } from '../api/api-apps-api.ts';
import { OperationCard } from './operation-card.tsx';

/**
 * docs/product.md §2 config integraciones api: how to authenticate, and the public API's reference read from its
 * OpenAPI document (rendered here: nothing loads from outside the app).
 */
export function ApiReferencePage() {
  const { t, i18n } = useTranslation();
  const query = useQuery(openApiQuery(i18n.language));
  return (
    <Stack gap="5">
      <PageHeader title={t('integrations_ui.api_apps.api_title')} subtitle={t('integrations_ui.api_apps.api_intro')} />
      <QueryState query={query}>{(doc) => <Reference doc={doc} />}</QueryState>
    </Stack>
  );
}

function Reference({ doc }: { doc: OpenApiDocument }) {
  const { t } = useTranslation();
  const base = `${apiOrigin()}${doc.servers[0]?.url ?? PUBLIC_API_BASE}`;
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <>
      <Text>{doc.info.description}</Text>
      <AuthGuide base={base} />
      <Stack gap="3">
        <Heading as="h3" size="md">
          {t('integrations_ui.api_apps.operations')}
        </Heading>
        <Link href={`${base}/openapi.json`} colorPalette="brand" textStyle="sm" target="_blank" rel="noreferrer">
          {t('integrations_ui.api_apps.openapi_link')}
        </Link>
        {operations.map((o) => (
          <OperationCard
            key={`${o.method} ${o.path}`}
            method={o.method}
            path={o.path}
            base={base}
            operation={o.operation}
          />
        ))}
      </Stack>
    </>
  );
}

function AuthGuide({ base }: { base: string }) {
  const { t } = useTranslation();
  const tokenCurl = [
    `curl -s -X POST ${base}/oauth/token \\`,
    `  -d grant_type=client_credentials \\`,
    `  -d client_id=<CLIENT_ID> \\`,
    `  -d client_secret=<CLIENT_SECRET>`,
  ].join('\n');
  const callCurl = `curl -s ${base}/tickets?updated_since=2025-01-01T00:00:00Z \\\n  -H "Authorization: Bearer <ACCESS_TOKEN>"`;
  return (
    <Card.Root data-testid="api-auth-guide">
      <Card.Header>
        <Heading as="h3" size="md">
          {t('integrations_ui.api_apps.auth_title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <List.Root as="ol" gap="3" ps="5">
          <List.Item>
            <Link asChild colorPalette="brand">
              <RouterLink to="/config/integraciones/apps">{t('integrations_ui.api_apps.auth_step_app')}</RouterLink>
            </Link>
          </List.Item>
          <List.Item>
            {t('integrations_ui.api_apps.auth_step_token')}
            <CodeBlock>{tokenCurl}</CodeBlock>
          </List.Item>
          <List.Item>
            {t('integrations_ui.api_apps.auth_step_call')}
            <CodeBlock>{callCurl}</CodeBlock>
          </List.Item>
        </List.Root>
        <Text textStyle="sm" color="fg.muted" mt="3">
          {t('integrations_ui.api_apps.auth_ttl', { ttl: API_TOKEN_TTL_SECONDS })}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function CodeBlock({ children }: { children: string }) {
  return (
    <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="3" mt="1" fontSize="xs">
      {children}
    </Code>
  );
}

import type { ReactNode } from 'react';
import { Badge, Box, Card, Code, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OpenApiOperation } from '../api/api-apps-api.ts';
import { schemaFields, typeLabel } from './schema-fields.ts';

type Props = { method: string; path: string; base: string; operation: OpenApiOperation };

/** One operation of the OpenAPI document: method, path, scope, parameters and the fields of its answer. */
export function OperationCard({ method, path, base, operation }: Props) {
  const { t } = useTranslation();
  const body =
    operation.requestBody?.content['application/x-www-form-urlencoded'] ??
    operation.requestBody?.content['application/json'];
  const answer = operation.responses['200']?.content?.['application/json']?.schema;
  const isPublic = operation.security.length === 0;
  return (
    <Card.Root size="sm" data-testid={`operation-${operation.operationId}`}>
      <Card.Header>
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={method === 'get' ? 'blue' : 'green'} fontFamily="mono">
              {method.toUpperCase()}
            </Badge>
            <Code fontSize="sm" bg="transparent" wordBreak="break-all">
              {base}
              {path}
            </Code>
          </HStack>
          <Heading as="h4" size="sm">
            {operation.summary}
          </Heading>
          <Text textStyle="xs" color="fg.muted">
            {isPublic
              ? t('integrations_ui.api_apps.no_token')
              : operation['x-scope']
                ? t('integrations_ui.api_apps.scope_needed', { flag: operation['x-scope'] })
                : t('integrations_ui.api_apps.no_scope')}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {operation.parameters.length > 0 ? (
            <Section title={t('integrations_ui.api_apps.parameters')}>
              <FieldTable
                rows={operation.parameters.map((p) => ({
                  name: p.name,
                  where: t(`integrations_ui.api_apps.locations.${p.in}`),
                  type: typeLabel(p.schema),
                  required: p.required,
                  note: p.description,
                }))}
              />
            </Section>
          ) : null}
          {body ? (
            <Section title={t('integrations_ui.api_apps.body')}>
              <FieldTable
                rows={schemaFields(body.schema).map((f) => ({ name: f.path, type: f.type, required: f.required }))}
              />
            </Section>
          ) : null}
          {answer ? (
            // The answer's fields are many: folded until asked for (a native disclosure, keyboard-ready).
            <Box as="details">
              <Box as="summary" cursor="pointer" fontWeight="semibold" textStyle="sm" mb="1">
                {t('integrations_ui.api_apps.response_fields')}
              </Box>
              <FieldTable rows={schemaFields(answer).map((f) => ({ name: f.path, type: f.type, required: false }))} />
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontWeight="semibold" textStyle="sm" mb="1">
        {title}
      </Text>
      {children}
    </Box>
  );
}

type Row = { name: string; type: string; required: boolean; where?: string; note?: string };

function FieldTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  const hasWhere = rows.some((r) => r.where);
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('integrations_ui.api_apps.field')}</Table.ColumnHeader>
            {hasWhere ? <Table.ColumnHeader>{t('integrations_ui.api_apps.location')}</Table.ColumnHeader> : null}
            <Table.ColumnHeader>{t('integrations_ui.api_apps.type')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.name}>
              <Table.Cell>
                <Code fontSize="xs" bg="transparent">
                  {r.name}
                </Code>
                {r.required ? (
                  <Text as="span" textStyle="xs" color="fg.muted">
                    {' '}
                    ({t('integrations_ui.api_apps.required')})
                  </Text>
                ) : null}
                {r.note ? (
                  <Text textStyle="xs" color="fg.muted">
                    {r.note}
                  </Text>
                ) : null}
              </Table.Cell>
              {hasWhere ? <Table.Cell>{r.where}</Table.Cell> : null}
              <Table.Cell whiteSpace="normal">
                <Code fontSize="xs" bg="transparent" whiteSpace="normal" wordBreak="break-word">
                  {r.type}
                </Code>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

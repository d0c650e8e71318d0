import { Box, Button, Card, Flex, HStack, Stack, Table, Text, useBreakpointValue } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BimModel } from '#domain/quality-responses';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { formatDate } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { session } from '../../../shared/session/session-store.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { useQualityLiveMany } from '../api/live-sync.ts';
import { modelListQuery } from '../api/models.ts';
import { FileStateTag, ModelStateTag, formatDuration } from './model-labels.tsx';

const T = 'quality_ui.bim_integration';

/** The last time one of the model's files finished processing, and how long it took. */
function lastProcessing(model: BimModel) {
  const done = model.files.filter((f) => f.processing_ms !== null && (f.state === 'listo' || f.state === 'error'));
  if (done.length === 0) return null;
  return done.reduce((a, b) => (a.updated_at >= b.updated_at ? a : b));
}

/**
 * config/integraciones/bim: every BIM model of every project the user sees (GET calidad/modelos without a
 * project), its state and last processing, opened in the viewer or managed in its project's models page.
 */
export function BimIntegrationPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'pt-BR' ? 'pt-BR' : 'es';
  const { data: user } = useAuthUser();
  useQualityLiveMany((user?.proyectos ?? []).map((p) => p.id));
  const query = useQuery(modelListQuery(null));
  return (
    <Stack gap="4">
      <PageHeader title={t(`${T}.title`)} subtitle={t(`${T}.intro`)} />
      <QueryState query={query}>
        {(models) =>
          models.length === 0 ? (
            <Card.Root variant="subtle" data-testid="bim-integration-empty">
              <Card.Body>
                <Text color="fg.muted">{t(`${T}.empty`)}</Text>
              </Card.Body>
            </Card.Root>
          ) : (
            <ModelList models={models} locale={locale} />
          )
        }
      </QueryState>
    </Stack>
  );
}

type Locale = 'es' | 'pt-BR';

/** The pieces of one model's row: shared by the table and, below 1280 px, the stacked cards. */
function modelParts(t: TFunction, model: BimModel, locale: Locale) {
  const last = lastProcessing(model);
  const busy = model.files.filter((f) => f.state === 'en_cola' || f.state === 'procesando');
  return {
    name: (
      <>
        <Text fontWeight="medium">{model.name}</Text>
        <Text textStyle="xs" color="fg.muted">
          {t(`${T}.files`, { count: model.files.length })}
        </Text>
      </>
    ),
    state: (
      <Stack gap="1" align="start">
        <ModelStateTag state={model.state} />
        {busy.map((f) => (
          <FileStateTag key={f.id} file={f} />
        ))}
      </Stack>
    ),
    last: last ? (
      <Text textStyle="sm">
        {formatDate(last.updated_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}
        {' · '}
        {formatDuration(t, last.processing_ms)}
      </Text>
    ) : (
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.never`)}
      </Text>
    ),
    actions: (
      <HStack gap="2" wrap="wrap">
        {model.state === 'listo' ? (
          <Button asChild size="xs" minH="36px" variant="outline">
            <RouterLink to={`/quality/bim/${model.id}`} data-testid="bim-integration-open">
              {t(`${T}.open`)}
            </RouterLink>
          </Button>
        ) : null}
        <Button asChild size="xs" minH="36px" variant="ghost">
          <RouterLink
            to="/config/projects/models"
            onClick={() => session.setProject(model.project.id)}
            data-testid="bim-integration-manage"
          >
            {t(`${T}.manage`)}
          </RouterLink>
        </Button>
      </HStack>
    ),
  };
}

/**
 * The models, by project then name: a table where the page is wide enough for its five columns (it sits beside
 * the configuration menu, so from 1280 px), one card per model below that, so a phone never scrolls sideways.
 */
function ModelList({ models, locale }: { models: BimModel[]; locale: Locale }) {
  const { t } = useTranslation();
  const isCompact = useBreakpointValue({ base: true, xl: false }, { ssr: false }) ?? false;
  const sorted = [...models].sort(
    (a, b) => a.project.name.localeCompare(b.project.name) || a.name.localeCompare(b.name),
  );
  if (isCompact)
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t(`${T}.list`)} data-testid="bim-integration-list">
        {sorted.map((m) => {
          const parts = modelParts(t, m, locale);
          return (
            <Box
              as="li"
              key={m.id}
              borderWidth="1px"
              rounded="md"
              p="3"
              bg="bg"
              data-testid={`bim-integration-${m.id}`}
            >
              <Flex gap="2" justify="space-between" align="start">
                <Box minW="0">{parts.name}</Box>
                {parts.state}
              </Flex>
              <Text textStyle="sm" color="fg.muted" mt="1">
                {m.project.name}
              </Text>
              <Flex gap="1" mt="1" wrap="wrap" align="baseline">
                <Text textStyle="xs" color="fg.muted">
                  {t(`${T}.col_last`)}:
                </Text>
                {parts.last}
              </Flex>
              <Box mt="2">{parts.actions}</Box>
            </Box>
          );
        })}
      </Stack>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={t(`${T}.list`)} data-testid="bim-integration-list">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t(`${T}.col_model`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(`${T}.col_project`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(`${T}.col_state`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(`${T}.col_last`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(`${T}.col_actions`)}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sorted.map((m) => {
            const parts = modelParts(t, m, locale);
            return (
              <Table.Row key={m.id} data-testid={`bim-integration-${m.id}`}>
                <Table.Cell>{parts.name}</Table.Cell>
                <Table.Cell whiteSpace="normal">{m.project.name}</Table.Cell>
                <Table.Cell>{parts.state}</Table.Cell>
                <Table.Cell whiteSpace="normal">{parts.last}</Table.Cell>
                <Table.Cell>{parts.actions}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

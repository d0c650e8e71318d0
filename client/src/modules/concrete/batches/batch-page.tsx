import { useState } from 'react';
import { Alert, Box, Button, Card, Grid, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CONCRETE_EDIT } from '#domain/concrete';
import type { BatchDetail } from '#domain/concrete-placements-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { dateText } from '../../../widgets/date-text.ts';
import { useConcreteLive } from '../api/live-sync.ts';
import { useCloseBatch } from '../api/placement-mutations.ts';
import { batchQuery } from '../api/placements.ts';
import { DetailFrame } from '../components/detail-frame.tsx';
import { BatchStateTag } from '../components/work-state-tags.tsx';
import { failureText, mpa, ruleSentence } from '../config/rule-text.ts';
import { PLACEMENTS_BASE } from '../placements/placements-tabs.tsx';
import { PlacementsTable } from '../placements/placements-table.tsx';

const T = 'concrete.batches.detail';

/** concrete/placements/lotes/{batchId}: a batch, its placements and results in order, the rule and its verdict. */
export function BatchPage() {
  const { t } = useTranslation();
  const { batchId } = useParams();
  const query = useQuery(batchQuery(Number(batchId)));
  return (
    <DetailFrame
      back={{ to: `${PLACEMENTS_BASE}/lotes`, label: t('routes.concrete.placements.lotes.title') }}
      query={query}
    >
      {(batch) => <BatchView batch={batch} />}
    </DetailFrame>
  );
}

/** The rule the batch is judged by, in words (config/rule-text.ts), from the margins the server applied. */
function ruleOf(batch: BatchDetail) {
  const r = batch.rule;
  return {
    acceptance_consecutive: r.acceptance_consecutive,
    acceptance_age_days: r.acceptance_age_days,
    mean_margin_mpa: Math.max(0, r.mean_required_mpa - r.specified_mpa),
    single_margin_mpa: Math.max(0, r.specified_mpa - r.single_required_mpa),
  };
}

function BatchView({ batch: b }: { batch: BatchDetail }) {
  const { t, i18n } = useTranslation();
  const canEdit = useCan(CONCRETE_EDIT);
  const [closing, setClosing] = useState(false);
  const close = useCloseBatch();
  useConcreteLive(b.project_id);
  const day = (d: string) => dateText(d, i18n.language);
  return (
    <Stack gap="4">
      <PageHeader
        title={t('concrete.batches.title', { number: b.number, type: b.concrete_type.designation })}
        actions={
          <HStack gap="2">
            <BatchStateTag state={b.state} />
            {canEdit && b.allowed_events.includes('batch.close') ? (
              <Button size="sm" variant="outline" onClick={() => setClosing(true)} data-testid="batch-close">
                {t(`${T}.close`)}
              </Button>
            ) : null}
          </HStack>
        }
      />
      {b.verdict ? (
        <Alert.Root status={b.verdict.conforming ? 'success' : 'error'} data-testid="batch-verdict">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t(b.verdict.conforming ? `${T}.conforming` : `${T}.nonconforming`, { mean: mpa(b.verdict.mean) })}
            </Alert.Title>
            {b.verdict.failures.length ? (
              <Alert.Description>
                <Stack gap="0.5" as="ul" ps="4">
                  {b.verdict.failures.map((f, i) => (
                    <li key={i}>{failureText(t, f, b.rule.specified_mpa)}</li>
                  ))}
                </Stack>
              </Alert.Description>
            ) : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <Card.Root size="sm">
          <Card.Body>
            <Grid templateColumns="auto 1fr" columnGap="4" rowGap="1.5" textStyle="sm">
              <Text color="fg.muted">{t(`${T}.m3`)}</Text>
              <Text>{t('concrete.batches.list.m3_of', { m3: mpa(b.m3), max: mpa(b.m3_max) })}</Text>
              <Text color="fg.muted">{t(`${T}.window`)}</Text>
              <Text>{`${day(b.opened_on)} – ${day(b.closes_on)}`}</Text>
              <Text color="fg.muted">{t(`${T}.results_count`)}</Text>
              <Text>{`${b.tested_count}/${b.samples_count}`}</Text>
            </Grid>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Header>
            <Text fontWeight="semibold">{t(`${T}.rule`)}</Text>
          </Card.Header>
          <Card.Body>
            <Text textStyle="sm" data-testid="batch-rule">
              {ruleSentence(t, ruleOf(b))}
            </Text>
            <Text textStyle="sm" color="fg.muted" mt="1">
              {t(`${T}.required`, {
                specified: mpa(b.rule.specified_mpa),
                mean: mpa(b.rule.mean_required_mpa),
                single: mpa(b.rule.single_required_mpa),
              })}
            </Text>
          </Card.Body>
        </Card.Root>
      </Grid>
      <Card.Root size="sm">
        <Card.Header>
          <Text fontWeight="semibold">{t(`${T}.results`)}</Text>
        </Card.Header>
        <Card.Body>
          {b.results.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t(`${T}.no_results`)}
            </Text>
          ) : (
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="batch-results">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>#</Table.ColumnHeader>
                    <Table.ColumnHeader>{t(`${T}.placement`)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('concrete.placements.samples.code')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('concrete.placements.samples.taken_on')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('concrete.placements.results.early_short')}</Table.ColumnHeader>
                    <Table.ColumnHeader>
                      {t('concrete.placements.results.acceptance_short', { days: b.rule.acceptance_age_days })}
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {b.results.map((r, i) => (
                    <Table.Row key={r.sample_id}>
                      <Table.Cell>{i + 1}</Table.Cell>
                      <Table.Cell>
                        <Link asChild>
                          <RouterLink to={`${PLACEMENTS_BASE}/${r.placement_id}`}>
                            {t('concrete.placements.number', { number: r.placement_number })}
                          </RouterLink>
                        </Link>
                      </Table.Cell>
                      <Table.Cell>{r.code ?? '—'}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{day(r.taken_on)}</Table.Cell>
                      <Table.Cell>{r.early_mpa === null ? '—' : mpa(r.early_mpa)}</Table.Cell>
                      <Table.Cell
                        color={
                          r.acceptance_mpa !== null && r.acceptance_mpa < b.rule.single_required_mpa
                            ? 'fg.error'
                            : undefined
                        }
                      >
                        {r.acceptance_mpa === null ? '—' : mpa(r.acceptance_mpa)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Card.Body>
      </Card.Root>
      <Stack gap="2">
        <Text fontWeight="semibold">{t(`${T}.placements`, { count: b.placements.length })}</Text>
        <PlacementsTable rows={b.placements} />
      </Stack>
      <ConfirmDialog
        open={closing}
        title={t(`${T}.close_title`, { number: b.number })}
        body={t(`${T}.close_body`)}
        confirmLabel={t(`${T}.close`)}
        busy={close.isPending}
        onConfirm={() => close.mutate(b.id, { onSuccess: () => setClosing(false) })}
        onClose={() => setClosing(false)}
        testId="batch-close-dialog"
      />
    </Stack>
  );
}

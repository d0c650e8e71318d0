import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Grid, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CONCRETE_EDIT } from '#domain/concrete';
import { PLACEMENT_EDITABLE_STATES, type PlacementState } from '#domain/concrete-placements';
import type { PlacementDetail, SampleView } from '#domain/concrete-placements-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { dateText } from '../../../widgets/date-text.ts';
import { useConcreteLive } from '../api/live-sync.ts';
import { usePlacementCommand } from '../api/placement-mutations.ts';
import { placementQuery } from '../api/placements.ts';
import { DetailFrame } from '../components/detail-frame.tsx';
import { BatchStateTag, PlacementStateTag } from '../components/work-state-tags.tsx';
import { mpa } from '../config/rule-text.ts';
import { PlacementFormDialog } from './placement-form-dialog.tsx';
import { PourDialog } from './pour-dialog.tsx';
import { ResultsDialog } from './results-dialog.tsx';
import { SamplesDialog } from './samples-dialog.tsx';
import { PLACEMENTS_BASE } from './placements-tabs.tsx';
import { batchHref, placeText } from './placements-table.tsx';

const T = 'concrete.placements.detail';
type Open = 'edit' | 'pour' | 'sample' | 'cancel' | { results: SampleView } | null;
const editable = (s: PlacementState) => (PLACEMENT_EDITABLE_STATES as readonly string[]).includes(s);

/** concrete/placements/{placementId}: one pour, its guides, samples and results, and what can be done next. */
export function PlacementPage() {
  const { t } = useTranslation();
  const { placementId } = useParams();
  const query = useQuery(placementQuery(Number(placementId)));
  return (
    <DetailFrame
      back={{ to: `${PLACEMENTS_BASE}/list`, label: t('routes.concrete.placements.list.title') }}
      query={query}
    >
      {(placement) => <PlacementView placement={placement} />}
    </DetailFrame>
  );
}

function PlacementView({ placement: p }: { placement: PlacementDetail }) {
  const { t, i18n } = useTranslation();
  const canEdit = useCan(CONCRETE_EDIT);
  const [open, setOpen] = useState<Open>(null);
  const cancel = usePlacementCommand(p.id);
  useConcreteLive(p.project_id);
  const can = (event: PlacementDetail['allowed_events'][number]) => canEdit && p.allowed_events.includes(event);
  const day = (d: string | null) => dateText(d, i18n.language);
  const close = () => setOpen(null);
  const canResults = canEdit && (p.state === 'muestreado' || p.state === 'ensayado');
  return (
    <Stack gap="4">
      <PageHeader
        title={t('concrete.placements.number_title', { number: p.number, element: p.element.name })}
        actions={
          <HStack gap="2" wrap="wrap">
            <PlacementStateTag state={p.state} />
            {canEdit && editable(p.state) ? (
              <Button size="sm" variant="outline" onClick={() => setOpen('edit')} data-testid="placement-edit">
                {t(`${T}.edit`)}
              </Button>
            ) : null}
            {can('placement.pour') ? (
              <Button size="sm" colorPalette="brand" onClick={() => setOpen('pour')} data-testid="placement-pour">
                {t(`${T}.pour`)}
              </Button>
            ) : null}
            {can('placement.sample') ? (
              <Button size="sm" colorPalette="brand" onClick={() => setOpen('sample')} data-testid="placement-sample">
                {t(`${T}.sample`)}
              </Button>
            ) : null}
            {can('placement.cancel') ? (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setOpen('cancel')}>
                {t(`${T}.cancel`)}
              </Button>
            ) : null}
          </HStack>
        }
      />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <Card.Root size="sm">
          <Card.Body>
            <Grid templateColumns="auto 1fr" columnGap="4" rowGap="1.5" textStyle="sm">
              <Fact label={t(`${T}.m3`)}>{`${mpa(p.m3)} m³`}</Fact>
              <Fact label={t(`${T}.where`)}>{`${p.unit} · ${p.location}`}</Fact>
              <Fact label={t(`${T}.place`)}>{placeText(p) || '—'}</Fact>
              <Fact label={t(`${T}.company`)}>{p.concrete_company.name}</Fact>
              <Fact label={t(`${T}.type`)}>{p.concrete_type.designation}</Fact>
              <Fact label={t(`${T}.scheduled_on`)}>{day(p.scheduled_on)}</Fact>
              <Fact label={t(`${T}.poured_on`)}>{p.poured_on ? day(p.poured_on) : '—'}</Fact>
              <Fact label={t(`${T}.batch`)}>
                {p.batch ? (
                  <HStack gap="2" wrap="wrap" whiteSpace="nowrap">
                    <Link asChild>
                      <RouterLink to={batchHref(p.batch.id)} data-testid="placement-batch">
                        {t('concrete.batches.number', { number: p.batch.number })}
                      </RouterLink>
                    </Link>
                    <BatchStateTag state={p.batch.state} />
                  </HStack>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label={t(`${T}.elements`)}>{t(`${T}.element_count`, { count: p.global_ids.length })}</Fact>
              {p.notes ? <Fact label={t(`${T}.notes`)}>{p.notes}</Fact> : null}
            </Grid>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Header>
            <Text fontWeight="semibold">{t(`${T}.guides`, { m3: mpa(p.guides_m3) })}</Text>
          </Card.Header>
          <Card.Body>
            {p.guides.length === 0 ? (
              <Text textStyle="sm" color="fg.muted">
                {t(`${T}.no_guides`)}
              </Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="placement-guides">
                  <Table.Header>
                    <Table.Row>
                      {['number', 'truck', 'm3', 'arrived_at'].map((k) => (
                        <Table.ColumnHeader key={k}>{t(`concrete.placements.pour.${k}`)}</Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {p.guides.map((g) => (
                      <Table.Row key={g.id}>
                        <Table.Cell>{g.number}</Table.Cell>
                        <Table.Cell>{g.truck}</Table.Cell>
                        <Table.Cell>{mpa(g.m3)}</Table.Cell>
                        <Table.Cell>{g.arrived_at.slice(0, 5)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      </Grid>
      <Card.Root size="sm">
        <Card.Header>
          <Text fontWeight="semibold">{t(`${T}.samples`, { count: p.samples.length })}</Text>
        </Card.Header>
        <Card.Body>
          {p.samples.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t(`${T}.no_samples`)}
            </Text>
          ) : (
            <SamplesTable placement={p} onResults={canResults ? (s) => setOpen({ results: s }) : undefined} />
          )}
        </Card.Body>
      </Card.Root>
      {open === 'edit' ? <PlacementFormDialog open projectId={p.project_id} placement={p} onClose={close} /> : null}
      {open === 'pour' ? <PourDialog placement={p} onClose={close} /> : null}
      {open === 'sample' ? <SamplesDialog placement={p} onClose={close} /> : null}
      {open && typeof open === 'object' ? <ResultsDialog placement={p} sample={open.results} onClose={close} /> : null}
      <ConfirmDialog
        open={open === 'cancel'}
        title={t(`${T}.cancel_title`, { number: p.number })}
        body={t(`${T}.cancel_body`)}
        confirmLabel={t(`${T}.cancel`)}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate({ verb: 'anular', body: {} }, { onSuccess: close })}
        onClose={close}
      />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text color="fg.muted">{label}</Text>
      <Box>{children}</Box>
    </>
  );
}

/** Each sample with its due days and results; a result below the type's strength is marked. */
function SamplesTable({ placement, onResults }: { placement: PlacementDetail; onResults?: (s: SampleView) => void }) {
  const { t, i18n } = useTranslation();
  const day = (d: string) => dateText(d, i18n.language);
  const result = (v: number | null, due: string) =>
    v === null ? (
      <Text as="span" color="fg.muted">
        {t(`${T}.due`, { day: day(due) })}
      </Text>
    ) : (
      <Text as="span" color={v < placement.concrete_type.strength_mpa ? 'fg.error' : undefined}>
        {`${mpa(v)} MPa`}
      </Text>
    );
  const guide = (id: number | null) => placement.guides.find((g) => g.id === id)?.number ?? '—';
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="placement-samples">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('concrete.placements.samples.code')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('concrete.placements.samples.taken_on')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('concrete.placements.samples.guide')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('concrete.placements.samples.laboratory')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('concrete.placements.results.early_short')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              {t('concrete.placements.results.acceptance_short', { days: placement.acceptance_age_days })}
            </Table.ColumnHeader>
            {onResults ? <Table.ColumnHeader /> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {placement.samples.map((s) => (
            <Table.Row key={s.id} data-testid="sample-row">
              <Table.Cell>{s.code ?? '—'}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{day(s.taken_on)}</Table.Cell>
              <Table.Cell>{guide(s.guide_id)}</Table.Cell>
              <Table.Cell>{`${s.laboratory.name} · ${s.specimens}`}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{result(s.early_mpa, s.early_due_on)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{result(s.acceptance_mpa, s.acceptance_due_on)}</Table.Cell>
              {onResults ? (
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => onResults(s)} data-testid="sample-results">
                    {t(`${T}.results`)}
                  </Button>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

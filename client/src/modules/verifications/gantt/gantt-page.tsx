import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Box,
  Button,
  ButtonGroup,
  Card,
  HStack,
  Link,
  NativeSelect,
  Progress,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RECEPTION_STATES, type ReceptionState } from '#domain/verifications';
import type { ReceptionList, ReceptionRow } from '#domain/verifications-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { GANTT_ZOOM_LEVELS, ZOOM_PRESETS, zoomScale, type GanttZoom } from '../../../widgets/gantt/gantt-zoom.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { receptionListQuery } from '../api/receptions.ts';
import { RECEPTION_COLORS, ReceptionStateTag } from '../components/reception-state-tag.tsx';
import { VERIFICATIONS_BASE, VerificationsFrame } from '../components/verifications-frame.tsx';
import {
  filterReceptions,
  NO_FILTER,
  progressOf,
  toReceptionGantt,
  workPackagesOf,
  type ReceptionFilter,
} from './gantt-data.ts';

// dhtmlx-gantt (~620 kB, ../shared/STACK.md) and its stylesheet load only where a Gantt is shown.
const ReceptionGanttChart = lazy(() => import('./reception-gantt-chart.tsx'));

const T = 'verifications_ui.gantt';
/** Cards shown at first on a phone, and added by "Mostrar más". */
const CARDS_PAGE = 60;
export const receptionHref = (id: number) => `${VERIFICATIONS_BASE}/recepcion/${id}`;

/**
 * /verifications/gantt (the module's default): the project's program, planned against done, one row per reception
 * grouped by work package; a legend counting the project's receptions by state, filters by state, work package and
 * text. Read-only: the program is written in the uploader; a reception opens its inspection page. Under md width the
 * receptions are cards (a Gantt on a phone is unreadable).
 */
export function VerificationsGanttPage() {
  return (
    <VerificationsFrame>{(projectId) => <ProjectProgram key={projectId} projectId={projectId} />}</VerificationsFrame>
  );
}

function ProjectProgram({ projectId }: { projectId: number }) {
  // Every reception of the project (the Gantt shows them all); the filters work on the answer, so the legend and the
  // work packages stay those of the whole program.
  const list = useQuery(receptionListQuery(projectId));
  return (
    <QueryState query={list}>
      {(data) => (data.data.length === 0 ? <EmptyProgram /> : <Program list={data} />)}
    </QueryState>
  );
}

function EmptyProgram() {
  const { t } = useTranslation();
  return (
    <Stack
      p="8"
      align="center"
      textAlign="center"
      borderWidth="1px"
      borderRadius="md"
      data-testid="verifications-empty"
    >
      <Text color="fg.muted">{t(`${T}.empty`)}</Text>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to={`${VERIFICATIONS_BASE}/uploader`}>{t(`${T}.empty_action`)}</RouterLink>
      </Button>
    </Stack>
  );
}

function Program({ list }: { list: ReceptionList }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [filter, setFilter] = useState<ReceptionFilter>(NO_FILTER);
  const [zoom, setZoom] = useState<GanttZoom>('week');
  const packages = useMemo(() => workPackagesOf(list.data), [list.data]);
  const rows = useMemo(() => filterReceptions(list.data, filter), [list.data, filter]);
  const set = (patch: Partial<ReceptionFilter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <Stack gap="3">
      <Stack direction={{ base: 'column', md: 'row' }} gap="2" align={{ md: 'center' }} wrap="wrap">
        <Box flex="1" minW={{ md: '220px' }}>
          <SearchInput
            size="sm"
            value={filter.q}
            delay={250}
            onChange={(q) => set({ q })}
            label={t(`${T}.search`)}
            placeholder={t(`${T}.search`)}
            data-testid="verifications-search"
          />
        </Box>
        <HStack gap="2">
          <NativeSelect.Root size="sm" w={{ base: 'full', md: '200px' }}>
            <NativeSelect.Field
              aria-label={t(`${T}.state`)}
              value={filter.state}
              onChange={(e) => set({ state: e.currentTarget.value as ReceptionState | '' })}
              data-testid="verifications-state"
            >
              <option value="">{t(`${T}.all_states`)}</option>
              {RECEPTION_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`machines.reception.states.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" w={{ base: 'full', md: '220px' }}>
            <NativeSelect.Field
              aria-label={t(`${T}.work_package`)}
              value={filter.workPackage}
              onChange={(e) => set({ workPackage: e.currentTarget.value })}
              data-testid="verifications-work-package"
            >
              <option value="">{t(`${T}.all_work_packages`)}</option>
              {packages.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {isPhone ? null : (
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t(`${T}.zoom`)}>
            {GANTT_ZOOM_LEVELS.map((l) => (
              <Button
                key={l}
                aria-pressed={zoom === l}
                variant={zoom === l ? 'solid' : 'outline'}
                onClick={() => setZoom(l)}
                data-testid={`verifications-zoom-${l}`}
              >
                {t(`${T}.zoom_${l}`)}
              </Button>
            ))}
          </ButtonGroup>
        )}
      </Stack>
      <Legend counts={list.counts} chart={!isPhone} />
      {rows.length === 0 ? (
        <Text color="fg.muted" p="4" textAlign="center" data-testid="verifications-no-match">
          {t(`${T}.no_match`)}
        </Text>
      ) : isPhone ? (
        <ReceptionCards rows={rows} />
      ) : (
        <Chart rows={rows} zoom={zoom} onOpen={(row) => void navigate(receptionHref(row.id))} />
      )}
    </Stack>
  );
}

/** The project's receptions by state (the whole program, not the filter), and what the bars mean. */
function Legend({ counts, chart }: { counts: ReceptionList['counts']; chart: boolean }) {
  const { t } = useTranslation();
  return (
    <HStack gap="4" fontSize="xs" color="fg.muted" wrap="wrap" data-testid="verifications-legend">
      {RECEPTION_STATES.map((s) => (
        <HStack key={s} gap="1.5" data-testid={`legend-${s}`}>
          <Box w="12px" h="12px" borderRadius="sm" bg={RECEPTION_COLORS[s]} aria-hidden />
          <Text>{t(`${T}.legend_state`, { state: t(`machines.reception.states.${s}`), n: counts[s] ?? 0 })}</Text>
        </HStack>
      ))}
      {chart ? (
        <>
          <HStack gap="1.5">
            <Box w="18px" h="8px" borderRadius="sm" borderWidth="1px" borderColor="fg.muted" aria-hidden />
            <Text>{t(`${T}.legend_planned`)}</Text>
          </HStack>
          <HStack gap="1.5">
            <Box w="18px" h="5px" borderRadius="sm" bg="orange.400" aria-hidden />
            <Text>{t(`${T}.legend_done`)}</Text>
          </HStack>
        </>
      ) : null}
    </HStack>
  );
}

/** The rows become chart data once per answer and filter (not per render); the chart's chunk loads behind a spinner. */
function Chart({ rows, zoom, onOpen }: { rows: ReceptionRow[]; zoom: GanttZoom; onOpen: (row: ReceptionRow) => void }) {
  const { t } = useTranslation();
  const noPackage = t(`${T}.no_work_package`);
  const data = useMemo(() => toReceptionGantt(rows, noPackage), [rows, noPackage]);
  const scale = useMemo(() => zoomScale(ZOOM_PRESETS[zoom]).scale, [zoom]);
  return (
    <Suspense fallback={<Spinner m="6" aria-label={t(`${T}.loading`)} />}>
      <ReceptionGanttChart data={data} scale={scale} onOpen={onOpen} />
    </Suspense>
  );
}

/** On a phone: one card per reception, a page at a time. */
function ReceptionCards({ rows }: { rows: ReceptionRow[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(CARDS_PAGE);
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="verifications-cards">
        {rows.slice(0, shown).map((r) => (
          <ReceptionCard key={r.id} row={r} />
        ))}
      </SimpleGrid>
      {rows.length > shown ? (
        <Button variant="outline" size="sm" onClick={() => setShown((n) => n + CARDS_PAGE)}>
          {t(`${T}.show_more`, { n: rows.length - shown })}
        </Button>
      ) : null}
    </Stack>
  );
}

function ReceptionCard({ row: r }: { row: ReceptionRow }) {
  const { t, i18n } = useTranslation();
  const day = (d: string) => dateText(d, i18n.language);
  const progress = Math.round(progressOf(r) * 100);
  return (
    <Card.Root size="sm" data-testid="reception-card">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Link asChild fontWeight="semibold" colorPalette="brand">
              <RouterLink to={receptionHref(r.id)}>{`${r.code} · ${r.name}`}</RouterLink>
            </Link>
            {r.work_package || r.location ? (
              <Text textStyle="xs" color="fg.muted">
                {[r.work_package, r.location].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
          </Box>
          <ReceptionStateTag state={r.state} />
        </HStack>
        <Text textStyle="sm">{t(`${T}.planned`, { start: day(r.planned_start), end: day(r.planned_end) })}</Text>
        <Progress.Root size="sm" value={progress} colorPalette={r.failed_count ? 'orange' : 'green'}>
          <HStack justify="space-between" textStyle="xs" color="fg.muted">
            <Progress.Label>
              {t(`${T}.answered_of`, { answered: r.answered_count, total: r.checkpoint_count })}
            </Progress.Label>
            <Progress.ValueText>{`${progress} %`}</Progress.ValueText>
          </HStack>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {r.open_follow_ups ? (
          <Text textStyle="xs" color={r.overdue_follow_ups ? 'fg.error' : 'fg.warning'} data-testid="card-follow-ups">
            {r.overdue_follow_ups
              ? t(`${T}.open_follow_ups_overdue`, { count: r.open_follow_ups, overdue: r.overdue_follow_ups })
              : t(`${T}.open_follow_ups`, { count: r.open_follow_ups })}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

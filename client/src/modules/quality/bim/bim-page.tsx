import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Grid,
  HStack,
  Input,
  NativeSelect,
  SegmentGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { MODELS_MANAGE, QUALITY_EDIT } from '#domain/quality';
import type { ActivityRow, BimElement, BimModel } from '#domain/quality-responses';
import { BIM_ELEMENTS_PAGE_MAX } from '#domain/quality';
import { isApiError } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { session, useSession } from '../../../shared/session/session-store.ts';
import { BimViewer } from '../../../widgets/bim-viewer/index.ts';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { activityListQuery } from '../api/activities.ts';
import { useQualityLive } from '../api/live-sync.ts';
import { activityElementsQuery, elementsQuery, modelListQuery, modelQuery, useLinkElements } from '../api/models.ts';
import { ModelStateTag } from '../models/model-labels.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';
import {
  PLAN_COLORS,
  PLAN_STATES,
  PROGRESS_LEGEND,
  NOT_STARTED_COLOR,
  addDays,
  daysBetween,
  planColors,
  planRange,
  progressColor,
  progressColors,
} from './colouring.ts';
import { toIsoDate } from '../../../widgets/date-range.ts';

const T = 'quality_ui.bim';
type ColourMode = 'none' | 'progress' | 'plan';
const REMEMBER_KEY = 'quality.bim.model';

/** The model last opened in each project, so coming back opens it again. */
function rememberedModel(projectId: number): number | null {
  try {
    const v = Number(localStorage.getItem(`${REMEMBER_KEY}.${projectId}`));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}
function rememberModel(projectId: number, modelId: number) {
  try {
    localStorage.setItem(`${REMEMBER_KEY}.${projectId}`, String(modelId));
  } catch {
    // private mode: nothing remembered
  }
}

const isViewable = (m: BimModel) => m.files.some((f) => f.state === 'listo' && f.fragments_url);

/**
 * /quality/bim/:modelId? and /quality/construction-progress/bim/:modelId? (docs/product.md §1 Quality): a
 * project's ready model in the 3D viewer, the picked elements' properties, their link to activities, and the
 * model coloured by the activities' progress or, on a chosen day, by planned against actual (4D).
 */
export function BimPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = pathname.includes('/construction-progress/') ? '/quality/construction-progress/bim' : '/quality/bim';
  const modelId = params.modelId && /^\d+$/.test(params.modelId) ? Number(params.modelId) : null;
  const { projectId: sessionProjectId, projects, setProject } = useSessionProject();
  // A model opened by its address (config/integraciones/bim) belongs to a project: that project is the page's.
  const opened = useQuery({ ...modelQuery(modelId ?? 0), enabled: modelId !== null });
  const projectId = opened.data?.project.id ?? sessionProjectId;
  const sessionProject = useSession((s) => s.projectId);
  useEffect(() => {
    if (opened.data && opened.data.project.id !== sessionProject) session.setProject(opened.data.project.id);
  }, [opened.data, sessionProject]);
  useQualityLive(projectId);
  const models = useQuery({ ...modelListQuery(projectId ?? 0), enabled: projectId !== null });
  const ready = useMemo(() => (models.data ?? []).filter(isViewable), [models.data]);

  // No model in the address: the one last opened in this project, else the first ready one.
  useEffect(() => {
    if (modelId !== null || !projectId || !models.data) return;
    const remembered = rememberedModel(projectId);
    const target = ready.find((m) => m.id === remembered) ?? ready[0];
    if (target) navigate(`${base}/${target.id}`, { replace: true });
  }, [modelId, projectId, models.data, ready, base, navigate]);
  useEffect(() => {
    if (opened.data) rememberModel(opened.data.project.id, opened.data.id);
  }, [opened.data]);

  return (
    <Stack gap="4">
      <PageHeader title={t(`${T}.title`)} subtitle={t(`${T}.intro`)} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" maxW="3xl">
        <ProjectSelect
          projects={projects}
          value={projectId}
          onChange={(id) => {
            setProject(id);
            navigate(base);
          }}
          label={t(`${T}.project`)}
          size="md"
          data-testid="bim-project"
        />
        <Field.Root disabled={ready.length === 0}>
          <Field.Label>{t(`${T}.model`)}</Field.Label>
          <NativeSelect.Root size="md">
            <NativeSelect.Field
              value={modelId && ready.some((m) => m.id === modelId) ? String(modelId) : ''}
              onChange={(e) => navigate(`${base}/${e.currentTarget.value}`)}
              data-testid="bim-model"
            >
              <option value="" disabled>
                {t(`${T}.model_placeholder`)}
              </option>
              {ready.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Grid>
      {!projectId ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(`${T}.pick_project`)}</Alert.Title>
        </Alert.Root>
      ) : modelId === null ? (
        <QueryState query={models}>{() => (ready.length === 0 ? <NoModel /> : null)}</QueryState>
      ) : (
        <QueryState query={opened}>
          {(model) => (isViewable(model) ? <ModelView model={model} /> : <NotReady model={model} />)}
        </QueryState>
      )}
    </Stack>
  );
}

function NoModel() {
  const { t } = useTranslation();
  const canManage = useCan(MODELS_MANAGE);
  return (
    <Card.Root variant="subtle" data-testid="bim-empty">
      <Card.Body>
        <Stack gap="2" align="start">
          <Text fontWeight="semibold">{t(`${T}.empty_title`)}</Text>
          <Text color="fg.muted" textStyle="sm">
            {t(canManage ? `${T}.empty_body` : `${T}.empty_body_readonly`)}
          </Text>
          {canManage ? (
            <Button asChild size="sm" minH="44px" colorPalette="brand">
              <RouterLink to="/config/projects/models">{t(`${T}.go_config`)}</RouterLink>
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function NotReady({ model }: { model: BimModel }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status={model.state === 'error' ? 'error' : 'info'} data-testid="bim-not-ready">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <HStack gap="2">
            <Text>{model.name}</Text>
            <ModelStateTag state={model.state} />
          </HStack>
        </Alert.Title>
        <Alert.Description>{t(`${T}.not_ready`)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ModelView({ model }: { model: BimModel }) {
  const { t } = useTranslation();
  const projectId = model.project.id;
  const [selected, setSelected] = useState<string[]>([]);
  const [mode, setMode] = useState<ColourMode>('none');
  const [elementCount, setElementCount] = useState<number | null>(null);
  const today = toIsoDate(new Date());
  const [day, setDay] = useState(today);
  const activities = useQuery(activityListQuery(projectId));
  const links = useQuery(activityElementsQuery(model.id));
  const rows = useMemo(() => activities.data?.data ?? [], [activities.data]);
  const linkList = useMemo(() => links.data ?? [], [links.data]);

  const viewerModels = useMemo(
    () =>
      model.files
        .filter((f) => f.state === 'listo' && f.fragments_url)
        .map((f) => ({ key: `${model.id}:${f.id}:${f.updated_at}`, url: f.fragments_url! })),
    [model],
  );
  const range = useMemo(() => planRange(rows, today), [rows, today]);
  const plan = useMemo(
    () => (mode === 'plan' ? planColors(linkList, rows, day, today) : null),
    [mode, linkList, rows, day, today],
  );
  const colors = useMemo(() => {
    if (mode === 'progress') return progressColors(linkList, rows);
    if (plan) return plan.colors;
    return undefined;
  }, [mode, plan, linkList, rows]);

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap="4" alignItems="start">
      <Stack gap="3" minW="0">
        <HStack gap="3" wrap="wrap" justify="space-between">
          <SegmentGroup.Root
            size="sm"
            value={mode}
            onValueChange={(d) => setMode((d.value as ColourMode) ?? 'none')}
            data-testid="bim-colour-mode"
            aria-label={t(`${T}.colour_mode`)}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'none', label: t(`${T}.colour_none`) },
                { value: 'progress', label: t(`${T}.colour_progress`) },
                { value: 'plan', label: t(`${T}.colour_plan`) },
              ]}
            />
          </SegmentGroup.Root>
          {elementCount !== null ? (
            <Text textStyle="sm" color="fg.muted" data-testid="bim-element-count">
              {t(`${T}.element_count`, { count: elementCount, formatted: formatNumber(elementCount) })}
            </Text>
          ) : null}
        </HStack>
        <Box borderWidth="1px" rounded="md" overflow="hidden" data-testid="bim-viewer-box">
          <BimViewer
            models={viewerModels}
            colors={colors}
            dimUncoloured={mode !== 'none'}
            selected={selected}
            onSelect={setSelected}
            onLoad={(info) => setElementCount(info.elementCount)}
            onError={() => setElementCount(null)}
            height="min(70vh, 640px)"
          />
        </Box>
        {mode === 'progress' ? <ProgressLegend /> : null}
        {mode === 'plan' && plan ? (
          <PlanPanel day={day} onDay={setDay} range={range} today={today} counts={plan.counts} />
        ) : null}
      </Stack>
      <SelectionPanel model={model} selected={selected} rows={rows} activitiesLoading={activities.isPending} />
    </Grid>
  );
}

function ProgressLegend() {
  const { t } = useTranslation();
  return (
    <HStack gap="3" wrap="wrap" data-testid="bim-progress-legend" aria-label={t(`${T}.legend`)}>
      <LegendSwatch color={NOT_STARTED_COLOR} label={t(`${T}.not_started`)} />
      {PROGRESS_LEGEND.map((p) => (
        <LegendSwatch key={p} color={progressColor(p)} label={t(`${T}.percent`, { value: p })} />
      ))}
    </HStack>
  );
}

function LegendSwatch({ color, label, count }: { color: string; label: string; count?: number }) {
  return (
    <HStack gap="1.5">
      <Box w="3" h="3" rounded="sm" bg={color} borderWidth="1px" borderColor="blackAlpha.300" />
      <Text textStyle="xs">
        {label}
        {count !== undefined ? ` (${formatNumber(count)})` : ''}
      </Text>
    </HStack>
  );
}

/** The 4D slider: a day between the schedule's first and last dates, and how many elements are in each state. */
function PlanPanel({
  day,
  onDay,
  range,
  today,
  counts,
}: {
  day: string;
  onDay: (d: string) => void;
  range: { from: string; to: string };
  today: string;
  counts: Record<(typeof PLAN_STATES)[number], number>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'pt-BR' ? 'pt-BR' : 'es';
  const span = Math.max(0, daysBetween(range.from, range.to));
  const offset = Math.max(0, Math.min(span, daysBetween(range.from, day)));
  return (
    <Card.Root size="sm" data-testid="bim-plan">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold" textStyle="sm">
              {t(`${T}.plan_day`, { date: formatDate(day, locale, { dateStyle: 'full' }) })}
            </Text>
            <Button size="xs" variant="outline" minH="36px" onClick={() => onDay(today)}>
              {t(`${T}.today`)}
            </Button>
          </HStack>
          <input
            type="range"
            min={0}
            max={span}
            step={1}
            value={offset}
            onChange={(e) => onDay(addDays(range.from, Number(e.currentTarget.value)))}
            aria-label={t(`${T}.plan_slider`)}
            aria-valuetext={formatDate(day, locale)}
            data-testid="bim-plan-slider"
            style={{ width: '100%', minHeight: 32 }}
          />
          <HStack justify="space-between">
            <Text textStyle="xs" color="fg.muted">
              {formatDate(range.from, locale)}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {formatDate(range.to, locale)}
            </Text>
          </HStack>
          <HStack gap="3" wrap="wrap" data-testid="bim-plan-legend" aria-label={t(`${T}.legend`)}>
            {PLAN_STATES.map((s) => (
              <LegendSwatch key={s} color={PLAN_COLORS[s]} label={t(`${T}.plan_states.${s}`)} count={counts[s]} />
            ))}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The picked elements' properties, the activities they belong to, and linking them to another. */
function SelectionPanel({
  model,
  selected,
  rows,
  activitiesLoading,
}: {
  model: BimModel;
  selected: string[];
  rows: ActivityRow[];
  activitiesLoading: boolean;
}) {
  const { t } = useTranslation();
  const asked = selected.slice(0, BIM_ELEMENTS_PAGE_MAX);
  const elements = useQuery(elementsQuery(model.id, asked));
  const links = useQuery(activityElementsQuery(model.id));
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const linked = useMemo(() => {
    const picked = new Set(selected);
    const ids = new Set((links.data ?? []).filter((l) => picked.has(l.global_id)).map((l) => l.activity_id));
    return [...ids].map((id) => byId.get(id)).filter((a): a is ActivityRow => a !== undefined);
  }, [links.data, selected, byId]);
  return (
    <Card.Root size="sm" data-testid="bim-panel">
      <Card.Body>
        <Stack gap="4">
          <Text fontWeight="semibold">
            {selected.length === 0
              ? t(`${T}.selection_none`)
              : t(`${T}.selection`, { count: selected.length, formatted: formatNumber(selected.length) })}
          </Text>
          {selected.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t(`${T}.selection_hint`)}
            </Text>
          ) : (
            <>
              {elements.isError ? (
                <Text color="fg.error" textStyle="sm">
                  {t('common.error_default')}
                </Text>
              ) : elements.data ? (
                <Stack gap="3" data-testid="bim-properties">
                  {elements.data.slice(0, 20).map((el) => (
                    <ElementProperties key={el.global_id} element={el} />
                  ))}
                  {elements.data.length > 20 ? (
                    <Text textStyle="xs" color="fg.muted">
                      {t(`${T}.more_elements`, { count: elements.data.length - 20 })}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  {t(`${T}.loading`)}
                </Text>
              )}
              <Stack gap="2" data-testid="bim-linked">
                <Text fontWeight="semibold" textStyle="sm">
                  {t(`${T}.linked_title`)}
                </Text>
                {linked.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    {t(`${T}.linked_none`)}
                  </Text>
                ) : (
                  <Stack as="ul" gap="1" listStyleType="none">
                    {linked.map((a) => (
                      <HStack as="li" key={a.id} gap="2" justify="space-between" data-testid={`bim-linked-${a.id}`}>
                        <Text textStyle="sm" lineClamp={2}>
                          {a.code ? `${a.code} · ` : ''}
                          {a.description}
                        </Text>
                        <Badge variant="subtle" style={{ background: progressColor(a.progress), color: '#fff' }}>
                          {t(`${T}.percent`, { value: formatNumber(a.progress, { precision: 1 }) })}
                        </Badge>
                      </HStack>
                    ))}
                  </Stack>
                )}
              </Stack>
              <LinkToActivity model={model} selected={selected} rows={rows} loading={activitiesLoading} />
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Property sets as the index keeps them ("Pset_WallCommon.FireRating"): grouped by set. */
function groupProperties(properties: BimElement['properties']) {
  const groups = new Map<string, [string, string][]>();
  for (const [key, value] of Object.entries(properties)) {
    const dot = key.indexOf('.');
    const set = dot > 0 ? key.slice(0, dot) : '';
    const name = dot > 0 ? key.slice(dot + 1) : key;
    const list = groups.get(set) ?? [];
    list.push([name, value === null ? '—' : String(value)]);
    groups.set(set, list);
  }
  return [...groups.entries()];
}

function ElementProperties({ element }: { element: BimElement }) {
  const { t } = useTranslation();
  const bool = (v: string) => (v === 'true' ? t(`${T}.yes`) : v === 'false' ? t(`${T}.no`) : v);
  return (
    <Stack gap="1.5" borderWidth="1px" rounded="md" p="2" data-testid={`bim-element-${element.global_id}`}>
      <Text fontWeight="semibold" textStyle="sm">
        {element.name ?? element.ifc_class}
      </Text>
      <Box as="dl" textStyle="xs" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5">
        <Text as="dt" color="fg.muted">
          {t(`${T}.ifc_class`)}
        </Text>
        <Text as="dd">{element.ifc_class}</Text>
        <Text as="dt" color="fg.muted">
          {t(`${T}.storey`)}
        </Text>
        <Text as="dd">{element.storey ?? '—'}</Text>
        <Text as="dt" color="fg.muted">
          {t(`${T}.global_id`)}
        </Text>
        <Text as="dd" wordBreak="break-all">
          {element.global_id}
        </Text>
      </Box>
      {groupProperties(element.properties).map(([set, props]) => (
        <Box key={set}>
          {set ? (
            <Text textStyle="xs" fontWeight="semibold" mt="1">
              {set}
            </Text>
          ) : null}
          <Box as="dl" textStyle="xs" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="0.5">
            {props.map(([name, value]) => (
              <Box key={name} display="contents">
                <Text as="dt" color="fg.muted">
                  {name}
                </Text>
                <Text as="dd" wordBreak="break-word">
                  {bool(value)}
                </Text>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** "Vincular a actividad": search the project's activities, pick one, link the picked elements (union). */
function LinkToActivity({
  model,
  selected,
  rows,
  loading,
}: {
  model: BimModel;
  selected: string[];
  rows: ActivityRow[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const canEdit = useCan(QUALITY_EDIT);
  const [q, setQ] = useState('');
  const [activityId, setActivityId] = useState<number | null>(null);
  const link = useLinkElements(model.project.id, model.id);
  const matches = useMemo(() => {
    const needle = q.trim().toLocaleLowerCase();
    const found = needle
      ? rows.filter((r) => `${r.code ?? ''} ${r.description}`.toLocaleLowerCase().includes(needle))
      : rows;
    return found.slice(0, 200);
  }, [q, rows]);
  if (!canEdit) return null;
  const chosen =
    activityId !== null && matches.some((r) => r.id === activityId) ? activityId : (matches[0]?.id ?? null);
  return (
    <Stack gap="2" borderTopWidth="1px" pt="3" data-testid="bim-link">
      <Text fontWeight="semibold" textStyle="sm">
        {t(`${T}.link_title`)}
      </Text>
      <Field.Root>
        <Field.Label>{t(`${T}.link_search`)}</Field.Label>
        <Input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t(`${T}.link_search_placeholder`)}
          data-testid="bim-link-search"
        />
      </Field.Root>
      <Field.Root disabled={matches.length === 0}>
        <Field.Label>{t(`${T}.link_activity`)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={chosen === null ? '' : String(chosen)}
            onChange={(e) => setActivityId(Number(e.currentTarget.value))}
            data-testid="bim-link-activity"
          >
            {matches.length === 0 ? (
              <option value="">{loading ? t(`${T}.loading`) : t(`${T}.link_no_match`)}</option>
            ) : null}
            {matches.map((r) => (
              <option key={r.id} value={r.id}>
                {`${'\u00a0\u00a0'.repeat(Math.min(r.level, 6))}${r.code ? `${r.code} · ` : ''}${r.description}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button
        colorPalette="brand"
        minH="44px"
        disabled={chosen === null}
        loading={link.isPending}
        data-testid="bim-link-submit"
        onClick={() =>
          chosen !== null &&
          link.mutate(
            { activityId: chosen, globalIds: selected },
            {
              onSuccess: () =>
                showSuccessToast(
                  t(`${T}.linked_toast`, {
                    count: selected.length,
                    activity: rows.find((r) => r.id === chosen)?.description ?? '',
                  }),
                ),
              onError: (err) => showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null),
            },
          )
        }
      >
        {t(`${T}.link_submit`, { count: selected.length })}
      </Button>
    </Stack>
  );
}

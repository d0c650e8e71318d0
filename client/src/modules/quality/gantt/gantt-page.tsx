import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, Button, ButtonGroup, chakra, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUALITY_EDIT } from '#domain/quality';
import type { ActivityList, QualityAttribute } from '#domain/quality-responses';
import { showErrorToast } from '../../../api/notify.ts';
import { useAuthUser, useCan } from '../../../api/session/auth-user.ts';
import { PageHeader, useRouteTitle } from '../../../shared/layout/page-states.tsx';
import { session, useSession } from '../../../shared/session/session-store.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { messageOf } from '../../../widgets/gantt/gantt-data.ts';
import { GANTT_ZOOM_LEVELS, ZOOM_PRESETS, ZOOM_SCALE, zoomScale } from '../../../widgets/gantt/gantt-zoom.ts';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { activityListQuery, useActivityLinks, useUpdateActivity } from '../api/activities.ts';
import { attributesQuery } from '../api/attributes.ts';
import { useQualityLive } from '../api/live-sync.ts';
import { activityUpdateOf, toActivityGantt } from './gantt-data.ts';

// dhtmlx-gantt (~620 kB, ../shared/STACK.md) and its stylesheet load only where a Gantt is shown.
const ActivityGanttChart = lazy(() => import('./activity-gantt-chart.tsx'));

/**
 * /quality/gantt and /quality/construction-progress/gantt (docs/product.md §2): a project's activities on a Gantt,
 * planned bars against actual ones, their dependencies, zoom and grouping by an attribute. Drags, resizes, the
 * progress handle and dependencies go through the API (api/activities.ts); answers and other people's changes
 * reach the chart through the query cache, and it updates those tasks in place.
 */
export function GanttPage() {
  const { t } = useTranslation();
  const title = useRouteTitle() ?? t('quality_ui.gantt.title');
  const { data: user } = useAuthUser();
  const projects = user?.proyectos ?? [];
  const sessionProject = useSession((s) => s.projectId);
  const projectId = projects.some((p) => p.id === sessionProject) ? sessionProject : null;
  return (
    <Stack gap="4" data-testid="quality-gantt-page">
      <PageHeader
        title={title}
        actions={
          <Box w={{ base: 'full', sm: '280px' }}>
            <ProjectSelect
              projects={projects}
              value={projectId}
              onChange={(id) => session.setProject(id)}
              label={t('quality_ui.gantt.project')}
              data-testid="quality-gantt-project"
            />
          </Box>
        }
      />
      {projectId === null ? (
        <EmptyBox text={t('quality_ui.gantt.choose_project')} />
      ) : (
        <ProjectGantt key={projectId} projectId={projectId} />
      )}
    </Stack>
  );
}

function EmptyBox({ text }: { text: string }) {
  return (
    <Box p="8" textAlign="center" borderWidth="1px" borderRadius="md" data-testid="quality-gantt-empty">
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

function ProjectGantt({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const list = useQuery(activityListQuery(projectId));
  // Other people's changes arrive in the same cache (api/live-sync.ts) and are updated in place on the chart.
  useQualityLive(projectId);
  const attributes = useQuery(attributesQuery());
  const [zoom, setZoom] = useState<number>(ZOOM_PRESETS.week);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [unlink, setUnlink] = useState<number | null>(null);
  const canEdit = useCan(QUALITY_EDIT);
  const update = useUpdateActivity(projectId);
  const links = useActivityLinks(projectId);
  const { level, scale } = useMemo(() => zoomScale(zoom), [zoom]);
  const attribute = attributes.data?.find((a) => a.id === groupId) ?? null;
  const refused = (message: string) => showErrorToast(422, message || t('quality_ui.gantt.refused'));

  return (
    <Stack gap="3">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <HStack gap="3" flexWrap="wrap">
          <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('quality_ui.gantt.zoom')}>
            {GANTT_ZOOM_LEVELS.map((l) => (
              <Button
                key={l}
                aria-pressed={level === l}
                variant={level === l ? 'solid' : 'outline'}
                onClick={() => setZoom(ZOOM_PRESETS[l])}
                data-testid={`quality-gantt-zoom-${l}`}
              >
                {t(`quality_ui.gantt.zoom_${l}`)}
              </Button>
            ))}
          </ButtonGroup>
          <chakra.input
            type="range"
            min={ZOOM_SCALE.min}
            max={ZOOM_SCALE.max}
            step={ZOOM_SCALE.step}
            value={zoom}
            onChange={(e) => setZoom(Number(e.currentTarget.value))}
            aria-label={t('quality_ui.gantt.zoom_scale')}
            aria-valuetext={t(`quality_ui.gantt.zoom_${level}`)}
            w="140px"
            css={{ accentColor: 'var(--chakra-colors-color-palette-solid)' }}
            data-testid="quality-gantt-zoom-scale"
          />
        </HStack>
        <Box w={{ base: 'full', sm: '240px' }}>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={t('quality_ui.gantt.group_by')}
              value={groupId === null ? '' : String(groupId)}
              onChange={(e) => setGroupId(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              data-testid="quality-gantt-group"
            >
              <option value="">{t('quality_ui.gantt.group_none')}</option>
              {(attributes.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {t('quality_ui.gantt.group_by_attribute', { name: a.name })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      </HStack>
      <HStack gap="4" fontSize="xs" color="fg.muted" flexWrap="wrap">
        <HStack gap="1.5">
          <Box w="18px" h="8px" borderRadius="sm" bg="var(--dhx-gantt-task-background, #3db9d3)" aria-hidden />
          <Text>{t('quality_ui.gantt.legend_planned')}</Text>
        </HStack>
        <HStack gap="1.5">
          <Box w="18px" h="5px" borderRadius="sm" bg="orange.400" aria-hidden />
          <Text>{t('quality_ui.gantt.legend_actual')}</Text>
        </HStack>
        {canEdit ? <Text>{t('quality_ui.gantt.hint')}</Text> : <Text>{t('quality_ui.gantt.read_only')}</Text>}
      </HStack>
      <QueryState query={list}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyBox text={t('quality_ui.gantt.empty')} />
          ) : (
            <Chart
              list={data}
              attribute={attribute}
              scale={scale}
              readOnly={!canEdit}
              onDrag={(row, change) => update.mutateAsync({ id: row.id, body: activityUpdateOf(change) })}
              onLink={(body) => links.create.mutate(body, { onError: (e) => refused(messageOf(e)) })}
              onLinkDelete={setUnlink}
              onRefused={refused}
            />
          )
        }
      </QueryState>
      <ConfirmDialog
        open={unlink !== null}
        title={t('quality_ui.gantt.unlink_title')}
        body={t('quality_ui.gantt.unlink_body')}
        confirmLabel={t('quality_ui.gantt.unlink')}
        danger
        busy={links.remove.isPending}
        onConfirm={() => unlink !== null && links.remove.mutate(unlink, { onSettled: () => setUnlink(null) })}
        onClose={() => setUnlink(null)}
        testId="quality-unlink-confirm"
      />
    </Stack>
  );
}

type ChartProps = Omit<React.ComponentProps<typeof ActivityGanttChart>, 'data'> & {
  list: ActivityList;
  /** Rows grouped by this attribute's values, or not grouped. */
  attribute: QualityAttribute | null;
};

/** The rows become chart data once per answer (not per render), and the chart's chunk loads behind a spinner. */
function Chart({ list, attribute, ...rest }: ChartProps) {
  const { t } = useTranslation();
  const noValue = t('quality_ui.gantt.no_value');
  const data = useMemo(
    () => toActivityGantt(list, attribute ? { attribute, noValueLabel: noValue } : null),
    [list, attribute, noValue],
  );
  return (
    <Suspense fallback={<Spinner m="6" aria-label={t('quality_ui.gantt.loading')} />}>
      <ActivityGanttChart data={data} {...rest} />
    </Suspense>
  );
}

import { useTranslation } from 'react-i18next';
import type { ActivityRow } from '#domain/quality-responses';
import { dateText } from '../../../widgets/date-text.ts';
import GanttWidget from '../../../widgets/gantt/gantt-chart.tsx';
import type { DragChange, GanttLinkType } from '../../../widgets/gantt/gantt-data.ts';
import type { GanttScale } from '../../../widgets/gantt/gantt-zoom.ts';
import { actualBar, type ActivityGantt, type ActivityTask } from './gantt-data.ts';

export type ActivityGanttChartProps = {
  data: ActivityGantt;
  scale: GanttScale;
  readOnly: boolean;
  onDrag: (row: ActivityRow, change: DragChange) => Promise<unknown>;
  onLink: (body: { source_id: number; target_id: number; type: GanttLinkType }) => void;
  onLinkDelete: (linkId: number) => void;
  onRefused: (message: string) => void;
};

/**
 * The activities on the shared Gantt (widgets/gantt/gantt-chart.tsx): code, description and progress in the grid
 * (the description alone on a phone), planned bars with their progress, the actual dates as a thin bar beneath.
 * Loaded lazily by gantt-page.tsx: dhtmlx-gantt comes with this chunk only.
 */
export default function ActivityGanttChart(props: ActivityGanttChartProps) {
  const { t, i18n } = useTranslation();
  const actualTitle = (row: ActivityRow) =>
    t('quality_ui.gantt.actual_title', {
      start: dateText(row.actual_start!, i18n.language),
      end: row.actual_end ? dateText(row.actual_end, i18n.language) : t('quality_ui.gantt.in_progress'),
    });
  return (
    <GanttWidget<ActivityRow>
      data={props.data}
      scale={props.scale}
      readOnly={props.readOnly}
      label={t('quality_ui.gantt.label')}
      todayLabel={t('quality_ui.gantt.today')}
      testId="quality-gantt"
      rowHeight={36}
      barHeight={18}
      gridWidth={{ wide: 460, narrow: 150 }}
      columns={(narrow) => [
        ...(narrow
          ? []
          : [
              {
                name: 'code',
                label: t('quality_ui.gantt.code'),
                width: 72,
                template: (task: ActivityTask) => task.row?.code ?? '',
              },
            ]),
        {
          name: 'text',
          label: t('quality_ui.gantt.description'),
          tree: true,
          width: '*' as const,
          min_width: 140,
        },
        ...(narrow
          ? []
          : [
              {
                name: 'progress',
                label: t('quality_ui.gantt.progress'),
                align: 'right' as const,
                width: 64,
                template: (task: ActivityTask) => `${Math.round(task.progress * 100)} %`,
              },
            ]),
      ]}
      taskClass={(task) => (task.type === 'project' ? 'qa-group-row' : task.progress >= 1 ? 'qa-done' : '')}
      secondBar={{
        dates: (task) => actualBar(task.row),
        title: (task) => (task.row ? actualTitle(task.row) : ''),
      }}
      onDrag={props.onDrag}
      onLink={(body) => props.onLink(body)}
      onLinkDelete={(linkId) => props.onLinkDelete(linkId)}
      onRefused={props.onRefused}
      css={{
        '& .qa-group-row': { opacity: 0.6 },
        '& .qa-done .gantt_task_progress': { background: 'var(--chakra-colors-green-500)' },
      }}
    />
  );
}

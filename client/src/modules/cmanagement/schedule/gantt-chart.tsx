import { useTranslation } from 'react-i18next';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { dateText } from '../../../widgets/date-text.ts';
import GanttWidget from '../../../widgets/gantt/gantt-chart.tsx';
import type { CmTaskLinkInput, CmTaskUpdateInput } from '../api/tasks.ts';
import { taskUpdateOf, type GanttData, type GanttTaskItem } from './gantt-data.ts';
import { GANTT_ZOOMS, type GanttZoom } from './gantt-zoom.ts';

export type GanttChartProps = {
  data: GanttData;
  zoom: GanttZoom;
  readOnly: boolean;
  /** Accessible name of the chart region. */
  label: string;
  /** A finished drag's PATCH body; rejects with the server's error when refused (the bar goes back). */
  onMove: (row: CmTaskRow, body: CmTaskUpdateInput) => Promise<unknown>;
  onLink: (body: CmTaskLinkInput, source: CmTaskRow) => void;
  onLinkDelete: (linkId: number, source: CmTaskRow) => void;
  onOpen: (row: CmTaskRow) => void;
  onRefused: (message: string) => void;
};

/** The schedule's tasks on the shared Gantt (widgets/gantt/gantt-chart.tsx): its columns, its colours, its bodies. */
export default function GanttChart(props: GanttChartProps) {
  const { t, i18n } = useTranslation();
  return (
    <GanttWidget<CmTaskRow>
      data={props.data}
      scale={GANTT_ZOOMS[props.zoom]}
      readOnly={props.readOnly}
      label={props.label}
      todayLabel={t('cmanagement_ui.schedule.gantt.today')}
      testId="cm-gantt"
      columns={(narrow) => [
        { name: 'text', label: t('cmanagement_ui.schedule.gantt.name'), tree: true, width: '*', min_width: 140 },
        ...(narrow
          ? []
          : [
              {
                name: 'start',
                label: t('cmanagement_ui.schedule.gantt.start'),
                align: 'center' as const,
                width: 104,
                template: (task: GanttTaskItem) => (task.row ? dateText(task.row.start_date, i18n.language) : ''),
              },
              {
                name: 'end',
                label: t('cmanagement_ui.schedule.gantt.end'),
                align: 'center' as const,
                width: 104,
                template: (task: GanttTaskItem) => (task.row ? dateText(task.row.end_date, i18n.language) : ''),
              },
            ]),
      ]}
      taskClass={(task) => (task.type === 'project' ? 'cm-ticket-row' : `cm-task-${task.row?.state ?? ''}`)}
      onDrag={(row, change) => props.onMove(row, taskUpdateOf(change))}
      onLink={props.onLink}
      onLinkDelete={props.onLinkDelete}
      onOpen={props.onOpen}
      onRefused={props.onRefused}
      css={{
        '& .cm-ticket-row': { opacity: 0.55 },
        '& .cm-task-completada .gantt_task_progress': { background: 'var(--chakra-colors-green-500)' },
      }}
    />
  );
}

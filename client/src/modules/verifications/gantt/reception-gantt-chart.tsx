import type { SystemStyleObject } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RECEPTION_STATES } from '#domain/verifications';
import type { ReceptionRow } from '#domain/verifications-responses';
import { dateText } from '../../../widgets/date-text.ts';
import GanttWidget from '../../../widgets/gantt/gantt-chart.tsx';
import type { GanttScale } from '../../../widgets/gantt/gantt-zoom.ts';
import { RECEPTION_COLORS } from '../components/reception-state-tag.tsx';
import { doneBar, GROUP_CLASS, stateClass, type ReceptionGantt, type ReceptionTask } from './gantt-data.ts';

export type ReceptionGanttChartProps = {
  data: ReceptionGantt;
  scale: GanttScale;
  onOpen: (row: ReceptionRow) => void;
};

const resolved = () => Promise.resolve();
const ignore = () => undefined;

/** Each state's bar colour, its progress a darker shade of it. */
const stateCss: SystemStyleObject = Object.fromEntries(
  RECEPTION_STATES.flatMap((s) => [
    [
      `& .gantt_task_line.${stateClass(s)}`,
      { background: `${RECEPTION_COLORS[s]}99`, borderColor: RECEPTION_COLORS[s] },
    ],
    [`& .${stateClass(s)} .gantt_task_progress`, { background: RECEPTION_COLORS[s] }],
  ]),
);

/**
 * The program on the shared Gantt (widgets/gantt/gantt-chart.tsx), read-only: code, name and checkpoints answered in
 * the grid (the name alone on a phone), the planned bar coloured by state with its progress, the inspection's days
 * (started → signed) as a thin bar beneath. Loaded lazily by gantt-page.tsx: dhtmlx-gantt comes with this chunk only.
 */
export default function ReceptionGanttChart(props: ReceptionGanttChartProps) {
  const { t, i18n } = useTranslation();
  const day = (d: string | null) => dateText(d, i18n.language);
  const doneTitle = (row: ReceptionRow) =>
    t('verifications_ui.gantt.done_title', {
      start: day(row.started_on),
      end: row.signed_on ? day(row.signed_on) : t('verifications_ui.gantt.in_progress'),
    });
  return (
    <GanttWidget<ReceptionRow>
      data={props.data}
      scale={props.scale}
      readOnly
      label={t('verifications_ui.gantt.label')}
      todayLabel={t('verifications_ui.gantt.today')}
      testId="verifications-gantt"
      rowHeight={36}
      barHeight={18}
      gridWidth={{ wide: 460, narrow: 150 }}
      columns={(narrow) => [
        ...(narrow
          ? []
          : [
              {
                name: 'code',
                label: t('verifications_ui.gantt.code'),
                width: 80,
                template: (task: ReceptionTask) => task.row?.code ?? '',
              },
            ]),
        { name: 'text', label: t('verifications_ui.gantt.name'), tree: true, width: '*' as const, min_width: 140 },
        ...(narrow
          ? []
          : [
              {
                name: 'answered',
                label: t('verifications_ui.gantt.answered'),
                align: 'right' as const,
                width: 72,
                template: (task: ReceptionTask) =>
                  task.row ? `${task.row.answered_count}/${task.row.checkpoint_count}` : '',
              },
            ]),
      ]}
      taskClass={(task) => (task.row ? stateClass(task.row.state) : GROUP_CLASS)}
      secondBar={{
        dates: (task) => doneBar(task.row),
        title: (task) => (task.row ? doneTitle(task.row) : ''),
      }}
      onDrag={resolved}
      onLink={ignore}
      onLinkDelete={ignore}
      onOpen={props.onOpen}
      onRefused={ignore}
      css={
        {
          [`& .${GROUP_CLASS}`]: { opacity: 0.6 },
          [`& .gantt_task_line.${stateClass('anulada')}`]: { opacity: 0.5 },
          ...stateCss,
        } as SystemStyleObject
      }
    />
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, Button, ButtonGroup, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CM_MANAGE } from '#domain/cmanagement';
import type { CmSchedule, CmTaskRow } from '#domain/cmanagement-responses';
import { showErrorToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { useMoveTask, useTaskLinks } from '../api/tasks.ts';
import { messageOf, toGanttData } from './gantt-data.ts';
import { GANTT_ZOOM_LEVELS, type GanttZoom } from './gantt-zoom.ts';

// dhtmlx-gantt (~620 kB, ../shared/STACK.md) and its stylesheet load only where a Gantt is shown.
const GanttChart = lazy(() => import('./gantt-chart.tsx'));

type Props = {
  schedule: CmSchedule;
  /** The schedule of many tickets: each ticket a row over its tasks. */
  groupByTicket?: boolean;
  /** A task's row clicked in the grid, or its bar double-clicked. */
  onOpen: (row: CmTaskRow) => void;
};

/**
 * The tasks on a Gantt with its zoom, shared by the ticket's Tasks tab and /cmanagement/schedule. Drags, resizes and
 * dependencies go through the API (api/tasks.ts); the chart redraws from the answer and from live events.
 */
export function TasksGantt({ schedule, groupByTicket = false, onOpen }: Props) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<GanttZoom>('week');
  const [unlink, setUnlink] = useState<{ linkId: number; ticketId: number } | null>(null);
  const canManage = useCan(CM_MANAGE);
  const move = useMoveTask();
  const links = useTaskLinks();
  const data = useMemo(() => toGanttData(schedule, { groupByTicket }), [schedule, groupByTicket]);
  const refused = (message: string) => showErrorToast(422, message || t('cmanagement_ui.schedule.gantt.refused'));
  return (
    <Box>
      <HStack justify="space-between" mb="2" flexWrap="wrap" gap="2">
        <ButtonGroup
          size="sm"
          variant="outline"
          attached
          role="group"
          aria-label={t('cmanagement_ui.schedule.gantt.zoom')}
        >
          {GANTT_ZOOM_LEVELS.map((level) => (
            <Button
              key={level}
              aria-pressed={zoom === level}
              variant={zoom === level ? 'solid' : 'outline'}
              onClick={() => setZoom(level)}
            >
              {t(`cmanagement_ui.schedule.gantt.zoom_${level}`)}
            </Button>
          ))}
        </ButtonGroup>
        {canManage ? (
          <Text fontSize="xs" color="fg.muted">
            {t('cmanagement_ui.schedule.gantt.hint')}
          </Text>
        ) : null}
      </HStack>
      <Suspense fallback={<Spinner m="6" aria-label={t('cmanagement_ui.schedule.gantt.loading')} />}>
        <GanttChart
          data={data}
          zoom={zoom}
          readOnly={!canManage}
          label={t('cmanagement_ui.schedule.gantt.label')}
          onMove={(row, body) => move.mutateAsync({ task: row, body })}
          onLink={(body, source) =>
            links.create.mutate({ body, ticketId: source.ticket.id }, { onError: (e) => refused(messageOf(e)) })
          }
          onLinkDelete={(linkId, source) => setUnlink({ linkId, ticketId: source.ticket.id })}
          onOpen={onOpen}
          onRefused={refused}
        />
      </Suspense>
      <ConfirmDialog
        open={unlink !== null}
        title={t('cmanagement_ui.schedule.gantt.unlink_title')}
        body={t('cmanagement_ui.schedule.gantt.unlink_body')}
        confirmLabel={t('cmanagement_ui.schedule.gantt.unlink')}
        danger
        busy={links.remove.isPending}
        onConfirm={() => unlink && links.remove.mutate(unlink, { onSettled: () => setUnlink(null) })}
        onClose={() => setUnlink(null)}
        testId="cm-unlink-confirm"
      />
    </Box>
  );
}

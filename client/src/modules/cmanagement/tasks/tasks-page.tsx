import { useMemo, useState } from 'react';
import { Button, EmptyState, HStack, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ListTodo, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CM_MANAGE } from '#domain/cmanagement';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { useRouteId } from '../../../shared/route-id.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { ticketTasksQuery, useDeleteTask, useTaskAction } from '../api/tasks.ts';
import { ticketDetailQuery } from '../api/tickets.ts';
import { TasksGantt } from '../schedule/tasks-gantt.tsx';
import { TaskFormDialog, type TaskFormTarget } from './task-form-dialog.tsx';
import { TaskTreeList } from './task-tree-list.tsx';
import { taskTree } from './task-tree.ts';

/** The ticket's Tasks tab (docs/product.md §2 tickets/{ticketId}/tasks): its task tree and the same tasks on a Gantt. */
export function TicketTasksPage() {
  const { t } = useTranslation();
  const ticketId = useRouteId('ticketId') ?? 0;
  const tasks = useQuery({ ...ticketTasksQuery(ticketId), enabled: ticketId > 0 });
  const ticket = useQuery({ ...ticketDetailQuery(ticketId), enabled: ticketId > 0 });
  const canManage = useCan(CM_MANAGE);
  const [form, setForm] = useState<TaskFormTarget | null>(null);
  const [removing, setRemoving] = useState<CmTaskRow | null>(null);
  const action = useTaskAction(ticketId);
  const remove = useDeleteTask(ticketId);
  const lines = useMemo(() => taskTree(tasks.data?.tasks ?? []), [tasks.data]);

  return (
    <Stack gap="4" data-testid="cm-tasks-page">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {t('cmanagement_ui.tasks.title')}
        </Heading>
        {canManage ? (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => setForm({ mode: 'create', parent: null })}
            data-testid="cm-task-add"
          >
            <Plus size={16} /> {t('cmanagement_ui.tasks.add')}
          </Button>
        ) : null}
      </HStack>
      <QueryState query={tasks}>
        {(schedule) =>
          schedule.tasks.length === 0 ? (
            <EmptyState.Root>
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <ListTodo />
                </EmptyState.Indicator>
                <EmptyState.Title>{t('cmanagement_ui.tasks.empty')}</EmptyState.Title>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : (
            <Stack gap="6">
              <TaskTreeList
                lines={lines}
                canManage={canManage}
                busyTaskId={action.isPending ? (action.variables?.taskId ?? null) : null}
                onAction={(row, event) => action.mutate({ taskId: row.id, event })}
                onAddSubtask={(row) => setForm({ mode: 'create', parent: row })}
                onEdit={(row) => setForm({ mode: 'edit', task: row })}
                onDelete={setRemoving}
              />
              <TasksGantt schedule={schedule} onOpen={(row) => canManage && setForm({ mode: 'edit', task: row })} />
            </Stack>
          )
        }
      </QueryState>
      {form ? (
        <TaskFormDialog
          ticketId={ticketId}
          projectId={ticket.data?.project.id ?? null}
          target={form}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('cmanagement_ui.tasks.delete_title')}
        body={t('cmanagement_ui.tasks.delete_body', { name: removing?.name ?? '' })}
        confirmLabel={t('cmanagement_ui.tasks.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
        testId="cm-task-delete-confirm"
      />
    </Stack>
  );
}

import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { cmTaskCommands, type CmTaskCommandType } from '#domain/cmanagement';
import type { CmSchedule, CmTaskLinkRow, CmTaskRow } from '#domain/cmanagement-responses';
import type {
  cmScheduleQuerySchema,
  cmTaskCreateSchema,
  cmTaskLinkSchema,
  cmTaskUpdateSchema,
} from '#domain/schemas/cmanagement';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { cmanagementKeys } from './keys.ts';
import { CM_API } from './tickets.ts';

/** Tasks, links and the schedule of docs/api.md "## Cmanagement" (tickets/{id}/tareas, tareas/{id}, enlaces, cronograma). */

export type CmTaskCreateInput = z.input<typeof cmTaskCreateSchema>;
export type CmTaskUpdateInput = z.input<typeof cmTaskUpdateSchema>;
export type CmTaskLinkInput = z.input<typeof cmTaskLinkSchema>;
/** The schedule's filters as the URL and the request carry them (lists joined by commas). */
export type CmScheduleParams = { [K in keyof z.input<typeof cmScheduleQuerySchema>]?: string };

const taskPath = (id: number, rest = '') => `${CM_API}/tareas/${id}${rest}`;

export const ticketTasksQuery = (ticketId: number) =>
  queryOptions({
    queryKey: cmanagementKeys.tasks(ticketId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CmSchedule>>(`${CM_API}/tickets/${ticketId}/tareas`, { signal }).then((r) => r.data),
  });

export const scheduleQuery = (params: CmScheduleParams) =>
  queryOptions({
    queryKey: cmanagementKeys.schedule(params),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CmSchedule>>(`${CM_API}/cronograma`, { signal, query: params }).then((r) => r.data),
    // A filter change keeps the chart (and its scroll and zoom) until the new rows arrive.
    placeholderData: (previous) => previous,
  });

export const tasksApi = {
  create: (ticketId: number, body: CmTaskCreateInput) =>
    apiV2.post<DataEnvelope<CmTaskRow>>(`${CM_API}/tickets/${ticketId}/tareas`, body).then((r) => r.data),
  update: (taskId: number, body: CmTaskUpdateInput) =>
    apiV2.patch<DataEnvelope<CmTaskRow>>(taskPath(taskId), body, { silent: true }).then((r) => r.data),
  remove: (taskId: number) => apiV2.delete(taskPath(taskId)),
  action: (taskId: number, event: CmTaskCommandType) =>
    apiV2.post<DataEnvelope<CmTaskRow>>(taskPath(taskId, `/${cmTaskCommands[event].verb}`)).then((r) => r.data),
  link: (body: CmTaskLinkInput) =>
    apiV2.post<DataEnvelope<CmTaskLinkRow>>(`${CM_API}/enlaces`, body, { silent: true }).then((r) => r.data),
  unlink: (linkId: number) => apiV2.delete(`${CM_API}/enlaces/${linkId}`),
};

/**
 * A task write changes its ticket (the progress the header shows, the tasks tab) and every schedule that lists it:
 * both are asked again by their keys (api/keys.ts), the same ones the live events invalidate (api/live-sync.ts).
 */
function afterTaskWrite(queryClient: QueryClient, ticketId: number | null) {
  if (ticketId !== null) void queryClient.invalidateQueries({ queryKey: cmanagementKeys.ticket(ticketId) });
  void queryClient.invalidateQueries({ queryKey: cmanagementKeys.schedules() });
}

/** POST tickets/{id}/tareas (no `taskId`) or PATCH tareas/{id}. The form shows a 422's fields itself. */
export function useSaveTask(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: number | null; body: CmTaskCreateInput | CmTaskUpdateInput }) =>
      taskId === null ? tasksApi.create(ticketId, body as CmTaskCreateInput) : tasksApi.update(taskId, body),
    onSuccess: () => afterTaskWrite(queryClient, ticketId),
  });
}

/**
 * PATCH tareas/{id} from the Gantt (a drag, a resize, the progress handle) on any ticket; the chart rolls the bar back
 * itself when it is refused (schedule/gantt-moves.ts).
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, body }: { task: Pick<CmTaskRow, 'id' | 'ticket'>; body: CmTaskUpdateInput }) =>
      tasksApi.update(task.id, body),
    onSettled: (_data, _error, { task }) => afterTaskWrite(queryClient, task.ticket.id),
  });
}

export function useDeleteTask(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => tasksApi.remove(taskId),
    onSuccess: () => afterTaskWrite(queryClient, ticketId),
  });
}

/** POST tareas/{id}/iniciar|completar|reabrir, one hook for the whole tree. */
export function useTaskAction(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, event }: { taskId: number; event: CmTaskCommandType }) => tasksApi.action(taskId, event),
    onSuccess: () => afterTaskWrite(queryClient, ticketId),
  });
}

/** POST enlaces / DELETE enlaces/{id}: a dependency drawn or removed on the Gantt (`ticketId`: the source task's). */
export function useTaskLinks() {
  const queryClient = useQueryClient();
  const settled = {
    onSettled: (_d: unknown, _e: unknown, v: { ticketId: number }) => afterTaskWrite(queryClient, v.ticketId),
  };
  return {
    create: useMutation({
      mutationFn: ({ body }: { body: CmTaskLinkInput; ticketId: number }) => tasksApi.link(body),
      ...settled,
    }),
    remove: useMutation({
      mutationFn: ({ linkId }: { linkId: number; ticketId: number }) => tasksApi.unlink(linkId),
      ...settled,
    }),
  };
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { cmIssueCommands, type CmIssueCommandType } from '#domain/cmanagement';
import type { CmIssueRow, CmPlan } from '#domain/cmanagement-responses';
import type { cmIssueCreateSchema, cmIssueUpdateSchema } from '#domain/schemas/cmanagement';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { cmanagementKeys } from './keys.ts';
import { CM_API } from './tickets.ts';

/** A ticket's issues and the plans they are pinned on (docs/api.md, Cmanagement: tickets/{id}/issues, planos). */
export type CmIssueCreateInput = z.input<typeof cmIssueCreateSchema>;
export type CmIssueUpdateInput = z.input<typeof cmIssueUpdateSchema>;

const issuesPath = (ticketId: number, rest = '') => `${CM_API}/tickets/${ticketId}/issues${rest}`;
const data = <T>(r: DataEnvelope<T>) => r.data;

export const issuesQuery = (ticketId: number) =>
  queryOptions({
    queryKey: cmanagementKeys.issues(ticketId),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<CmIssueRow[]>>(issuesPath(ticketId), { signal }).then(data),
  });

export const issueQuery = (ticketId: number, issueId: number) =>
  queryOptions({
    queryKey: cmanagementKeys.issue(ticketId, issueId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CmIssueRow>>(issuesPath(ticketId, `/${issueId}`), { signal }).then(data),
  });

/** The project's plans and its unit types' (uploaded in the project configuration). */
export const plansQuery = (ticketId: number) =>
  queryOptions({
    queryKey: cmanagementKeys.plans(ticketId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CmPlan[]>>(`${CM_API}/tickets/${ticketId}/planos`, { signal }).then(data),
    staleTime: 60_000,
  });

export const issuesApi = {
  /** Field errors come back per field (422) and the form shows them: no toast. */
  create: (ticketId: number, input: CmIssueCreateInput) =>
    apiV2.post<DataEnvelope<CmIssueRow>>(issuesPath(ticketId), input, { silent: true }).then(data),
  update: (ticketId: number, issueId: number, input: CmIssueUpdateInput) =>
    apiV2.patch<DataEnvelope<CmIssueRow>>(issuesPath(ticketId, `/${issueId}`), input).then(data),
  /** A state change by its machine event's verb (domain/cmanagement.ts cmIssueCommands); a refusal is a 409 toast. */
  command: (ticketId: number, issueId: number, event: CmIssueCommandType) =>
    apiV2
      .post<DataEnvelope<CmIssueRow>>(issuesPath(ticketId, `/${issueId}/${cmIssueCommands[event].verb}`), {})
      .then(data),
};

/**
 * A write's answer is the issue: it replaces the cached one and its row in the list; the ticket (its open-issue
 * count, its allowed events) is refreshed too.
 */
function useIssueWrite<A>(ticketId: number, write: (args: A) => Promise<CmIssueRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (issue) => {
      queryClient.setQueryData(cmanagementKeys.issue(ticketId, issue.id), issue);
      queryClient.setQueryData<CmIssueRow[]>(cmanagementKeys.issues(ticketId), (rows) =>
        rows
          ? rows.some((r) => r.id === issue.id)
            ? rows.map((r) => (r.id === issue.id ? issue : r))
            : [...rows, issue]
          : rows,
      );
      void queryClient.invalidateQueries({ queryKey: cmanagementKeys.ticketDetail(ticketId) });
      void queryClient.invalidateQueries({ queryKey: cmanagementKeys.ticketLists() });
    },
  });
}

export const useCreateIssue = (ticketId: number) =>
  useIssueWrite(ticketId, (input: CmIssueCreateInput) => issuesApi.create(ticketId, input));
export const useUpdateIssue = (ticketId: number) =>
  useIssueWrite(ticketId, (a: { issueId: number; input: CmIssueUpdateInput }) =>
    issuesApi.update(ticketId, a.issueId, a.input),
  );
export const useIssueCommand = (ticketId: number) =>
  useIssueWrite(ticketId, (a: { issueId: number; event: CmIssueCommandType }) =>
    issuesApi.command(ticketId, a.issueId, a.event),
  );

import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActivityHistoryEntry, ActivityLink, ActivityList, ActivityRow } from '#domain/quality-responses';
import {
  activityUpdateSchema,
  type activityBulkSchema,
  type activityCreateSchema,
  type activityLinkCreateSchema,
  type activityListQuerySchema,
  type activityMoveSchema,
} from '#domain/schemas/quality';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { qualityKeys } from './keys.ts';

/** Activities, their dependencies and history (docs/api.md "## Quality": calidad/actividades, calidad/dependencias). */
export const QUALITY_API = 'calidad';

export type ActivityCreateBody = z.input<typeof activityCreateSchema>;
export type ActivityUpdateBody = z.input<typeof activityUpdateSchema>;
export type ActivityBulkBody = z.input<typeof activityBulkSchema>;
export type ActivityMoveBody = z.input<typeof activityMoveSchema>;
export type ActivityLinkBody = z.input<typeof activityLinkCreateSchema>;
/** The list's filters as the URL and the request carry them (value ids joined by commas). */
export type ActivityListParams = { q?: string; values?: string };

const activityPath = (id: number, rest = '') => `${QUALITY_API}/actividades/${id}${rest}`;

export const activityListQuery = (projectId: number, params: ActivityListParams = {}) =>
  queryOptions({
    queryKey: qualityKeys.activityList(projectId, params),
    queryFn: ({ signal }) =>
      apiV2.get<ActivityList>(`${QUALITY_API}/actividades`, {
        signal,
        query: { project_id: String(projectId), ...params } satisfies {
          [K in keyof z.input<typeof activityListQuerySchema>]?: string;
        },
      }),
    // A filter change keeps the tree (and the Gantt's scroll and zoom) until the new rows arrive.
    placeholderData: (previous) => previous,
  });

export const activityHistoryQuery = (activityId: number) =>
  queryOptions({
    queryKey: qualityKeys.history(activityId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<ActivityHistoryEntry[]>>(activityPath(activityId, '/historial'), { signal })
        .then((r) => r.data),
  });

export const activitiesApi = {
  create: (body: ActivityCreateBody) =>
    apiV2.post<DataEnvelope<ActivityRow>>(`${QUALITY_API}/actividades`, body).then((r) => r.data),
  bulk: (body: ActivityBulkBody) =>
    apiV2.post<DataEnvelope<ActivityRow[]>>(`${QUALITY_API}/actividades/masivo`, body).then((r) => r.data),
  update: (id: number, body: ActivityUpdateBody) =>
    apiV2.patch<DataEnvelope<ActivityRow>>(activityPath(id), body, { silent: true }).then((r) => r.data),
  move: (id: number, body: ActivityMoveBody) =>
    apiV2.post<DataEnvelope<ActivityRow[]>>(activityPath(id, '/mover'), body).then((r) => r.data),
  remove: (id: number) => apiV2.delete(activityPath(id)),
  link: (body: ActivityLinkBody) =>
    apiV2.post<DataEnvelope<ActivityLink>>(`${QUALITY_API}/dependencias`, body, { silent: true }).then((r) => r.data),
  unlink: (linkId: number) => apiV2.delete(`${QUALITY_API}/dependencias/${linkId}`),
};

/**
 * Writes rows the server answered into every cached view of the project's activities (filtered lists keep only
 * rows they already hold, so a row that may have left a filter is asked again by invalidation), and removes
 * deleted ids and links. The live events of other people go through the same function (api/live-sync.ts).
 */
export function applyActivityChanges(
  queryClient: QueryClient,
  projectId: number,
  change: { rows?: ActivityRow[]; deletedIds?: number[]; links?: ActivityLink[]; deletedLinkIds?: number[] },
) {
  const rows = new Map((change.rows ?? []).map((r) => [r.id, r]));
  const deleted = new Set(change.deletedIds ?? []);
  const deletedLinks = new Set(change.deletedLinkIds ?? []);
  let needsRefetch = false;
  for (const [key, list] of queryClient.getQueriesData<ActivityList>({ queryKey: qualityKeys.activities(projectId) })) {
    if (!list || !Array.isArray(list.data)) continue;
    const query = (key[4] ?? {}) as ActivityListParams;
    const filtered = Boolean(query.q || query.values);
    const known = new Set(list.data.map((r) => r.id));
    const fresh = [...rows.values()].filter((r) => !known.has(r.id));
    if (fresh.length > 0) {
      // A new row's place in the tree (position among siblings) is the server's to tell; a filtered view may not
      // want it at all: both are asked again.
      needsRefetch = true;
      continue;
    }
    if (filtered && rows.size > 0) needsRefetch = true;
    const data = list.data.filter((r) => !deleted.has(r.id)).map((r) => rows.get(r.id) ?? r);
    const links = list.links
      .filter((l) => !deletedLinks.has(l.id) && !deleted.has(l.source_id) && !deleted.has(l.target_id))
      .filter((l) => !(change.links ?? []).some((n) => n.id === l.id))
      .concat(change.links ?? []);
    queryClient.setQueryData<ActivityList>(key, { ...list, data, links, total: data.length });
  }
  if (needsRefetch) void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) });
}

/** PATCH actividades/{id}: inline edits of the list and the Gantt's drags; applied optimistically, settled by the answer. */
export function useUpdateActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActivityUpdateBody }) => activitiesApi.update(id, body),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: qualityKeys.activities(projectId) });
      return { previous: patchCachedActivity(queryClient, projectId, id, body) };
    },
    onSuccess: (row) => {
      applyActivityChanges(queryClient, projectId, { rows: [row] });
      void queryClient.invalidateQueries({ queryKey: qualityKeys.history(row.id) });
    },
    onError: (_error, _vars, context) => {
      for (const [key, list] of context?.previous ?? []) queryClient.setQueryData(key, list);
      void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) });
    },
  });
}

export function useCreateActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityCreateBody) => activitiesApi.create(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) }),
  });
}

export function useBulkCreateActivities(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityBulkBody) => activitiesApi.bulk(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) }),
  });
}

export function useMoveActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ActivityMoveBody }) => activitiesApi.move(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) }),
  });
}

export function useDeleteActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => activitiesApi.remove(id),
    // The server deletes the sub-activities too: they leave every cached view with their parent.
    onSuccess: (_d, id) =>
      applyActivityChanges(queryClient, projectId, { deletedIds: cachedSubtreeIds(queryClient, projectId, id) }),
  });
}

/** POST dependencias / DELETE dependencias/{id}: a dependency drawn or removed on the Gantt. */
export function useActivityLinks(projectId: number) {
  const queryClient = useQueryClient();
  return {
    create: useMutation({
      mutationFn: (body: ActivityLinkBody) => activitiesApi.link(body),
      onSuccess: (link) => applyActivityChanges(queryClient, projectId, { links: [link] }),
      onError: () => void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) }),
    }),
    remove: useMutation({
      mutationFn: (linkId: number) => activitiesApi.unlink(linkId),
      onSuccess: (_d, linkId) => applyActivityChanges(queryClient, projectId, { deletedLinkIds: [linkId] }),
    }),
  };
}

/**
 * The optimistic half of useUpdateActivity: the edited fields, as the shared schema parses them ('12,5' → 12.5), are
 * written into every cached list of the project at once; answers the lists as they were, to put back on failure.
 */
function patchCachedActivity(queryClient: QueryClient, projectId: number, id: number, body: ActivityUpdateBody) {
  const parsed = activityUpdateSchema.safeParse(body);
  const previous: [QueryKey, ActivityList][] = [];
  if (!parsed.success) return previous;
  const { values, ...fields } = parsed.data;
  for (const [key, list] of queryClient.getQueriesData<ActivityList>({ queryKey: qualityKeys.activities(projectId) })) {
    if (!list || !Array.isArray(list.data) || !list.data.some((r) => r.id === id)) continue;
    previous.push([key, list]);
    const data = list.data.map((r) => {
      if (r.id !== id) return r;
      const next = { ...r, ...fields } as ActivityRow;
      if (values) {
        const merged = { ...r.values };
        for (const [attribute, value] of Object.entries(values)) {
          if (value === null || value === undefined) delete merged[attribute];
          else merged[attribute] = value as number;
        }
        next.values = merged;
      }
      return next;
    });
    queryClient.setQueryData<ActivityList>(key, { ...list, data });
  }
  return previous;
}

/** GET calidad/actividades/exportar: the project's activities (with the list's filters) as an xlsx or csv file. */
export const exportActivities = (projectId: number, format: 'xlsx' | 'csv', params: ActivityListParams = {}) =>
  apiV2.get<Blob>(`${QUALITY_API}/actividades/exportar`, {
    responseType: 'blob',
    query: { project_id: String(projectId), ...params, format },
  });

/** An activity and every sub-activity below it, as far as the project's cached lists know them. */
function cachedSubtreeIds(queryClient: QueryClient, projectId: number, id: number): number[] {
  const children = new Map<number, number[]>();
  for (const [, list] of queryClient.getQueriesData<ActivityList>({ queryKey: qualityKeys.activities(projectId) }))
    for (const row of list?.data ?? [])
      if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  const out = new Set<number>([id]);
  const queue = [id];
  while (queue.length > 0)
    for (const child of children.get(queue.pop()!) ?? []) if (!out.has(child)) (out.add(child), queue.push(child));
  return [...out];
}

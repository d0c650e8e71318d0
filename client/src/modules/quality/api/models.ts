import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { modelStateOf, type QualityStage } from '#domain/quality';
import type { ActivityElement, BimElement, BimModel, bimFileProgressEventSchema } from '#domain/quality-responses';
import type { activityElementsSchema } from '#domain/schemas/quality';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { QUALITY_API } from './activities.ts';
import { qualityKeys } from './keys.ts';

/** BIM models, their IFC files and the elements' links (docs/api.md "## Quality": calidad/modelos). */
const modelPath = (id: number, rest = '') => `${QUALITY_API}/modelos/${id}${rest}`;

export type BimFileProgress = z.infer<typeof bimFileProgressEventSchema>;
export type ActivityElementsBody = z.input<typeof activityElementsSchema>;
/** One page of the properties index. */
export type BimElementPage = { data: BimElement[]; total?: number; has_more?: boolean };

/** A project's models, or every model the user sees (config/integraciones/bim) when projectId is null. */
export const modelListQuery = (projectId: number | null) =>
  queryOptions({
    queryKey: qualityKeys.modelList(projectId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<BimModel[]>>(`${QUALITY_API}/modelos`, {
          signal,
          query: projectId === null ? {} : { project_id: String(projectId) },
        })
        .then((r) => r.data),
  });

export const modelQuery = (id: number) =>
  queryOptions({
    queryKey: qualityKeys.model(id),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<BimModel>>(modelPath(id), { signal }).then((r) => r.data),
  });

/** The properties of the elements picked in the viewer (at most BIM_ELEMENTS_PAGE_MAX ids at once). */
export const elementsQuery = (modelId: number, globalIds: readonly string[]) => {
  const ids = [...globalIds].sort();
  return queryOptions({
    queryKey: qualityKeys.elements(modelId, { global_ids: ids.join(',') }),
    queryFn: ({ signal }) =>
      apiV2
        .get<BimElementPage>(modelPath(modelId, '/elementos'), { signal, query: { global_ids: ids.join(',') } })
        .then((r) => r.data),
    enabled: ids.length > 0,
  });
};

/** Which activity each linked element of the model belongs to. */
export const activityElementsQuery = (modelId: number) =>
  queryOptions({
    queryKey: qualityKeys.activityElements(modelId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<ActivityElement[]>>(modelPath(modelId, '/actividades-elementos'), { signal })
        .then((r) => r.data),
  });

export const modelsApi = {
  create: (body: { project_id: number; name: string }) =>
    apiV2.post<DataEnvelope<BimModel>>(`${QUALITY_API}/modelos`, body).then((r) => r.data),
  rename: (id: number, name: string) =>
    apiV2.patch<DataEnvelope<BimModel>>(modelPath(id), { name }).then((r) => r.data),
  remove: (id: number) => apiV2.delete(modelPath(id)),
  attach: (id: number, body: { path: string; stage: QualityStage }) =>
    // silent: a 422 (not an IFC, too large, stage taken) is shown on the file field, not as a toast.
    apiV2.post<DataEnvelope<BimModel>>(modelPath(id, '/archivos'), body, { silent: true }).then((r) => r.data),
  removeFile: (id: number, fileId: number) => apiV2.delete(modelPath(id, `/archivos/${fileId}`)),
  reprocess: (id: number) => apiV2.post<DataEnvelope<BimModel>>(modelPath(id, '/reprocesar'), {}).then((r) => r.data),
  linkElements: (activityId: number, body: ActivityElementsBody) =>
    apiV2.put<unknown>(`${QUALITY_API}/actividades/${activityId}/elementos`, body),
};

/** Writes a model the server answered into its own query and every list that holds it (or lists it anew). */
export function putModel(queryClient: QueryClient, model: BimModel) {
  queryClient.setQueryData(qualityKeys.model(model.id), model);
  for (const key of [qualityKeys.modelList(model.project.id), qualityKeys.modelList(null)]) {
    queryClient.setQueryData<BimModel[]>(key, (list) => {
      if (!list) return list;
      return list.some((m) => m.id === model.id) ? list.map((m) => (m.id === model.id ? model : m)) : [...list, model];
    });
  }
}

function dropModel(queryClient: QueryClient, id: number) {
  queryClient.removeQueries({ queryKey: qualityKeys.model(id), exact: true });
  for (const [key, list] of queryClient.getQueriesData<BimModel[]>({ queryKey: [...qualityKeys.models(), 'list'] })) {
    if (Array.isArray(list))
      queryClient.setQueryData(
        key,
        list.filter((m) => m.id !== id),
      );
  }
}

/**
 * A file's processing moved (live 'bim.file.progress'): its state, progress and error are written in place into
 * every cached copy of the model, and the model's state derived again (domain/quality.ts modelStateOf). When a
 * file ends (ready or failed) the model is asked again: its sizes, element count and fragments URL are the
 * server's to tell.
 */
export function applyFileProgress(queryClient: QueryClient, event: BimFileProgress) {
  const patch = (model: BimModel): BimModel => {
    if (model.id !== event.model_id || !model.files.some((f) => f.id === event.file_id)) return model;
    const files = model.files.map((f) =>
      f.id === event.file_id ? { ...f, state: event.state, progress: event.progress, error: event.error } : f,
    );
    return { ...model, files, state: modelStateOf(files.map((f) => f.state)) };
  };
  let known = false;
  const single = queryClient.getQueryData<BimModel>(qualityKeys.model(event.model_id));
  if (single) {
    known = true;
    queryClient.setQueryData(qualityKeys.model(event.model_id), patch(single));
  }
  for (const [key, list] of queryClient.getQueriesData<BimModel[]>({ queryKey: [...qualityKeys.models(), 'list'] })) {
    if (!Array.isArray(list)) continue;
    const holder = list.find((m) => m.id === event.model_id);
    if (!holder) continue;
    known = true;
    // A file this copy does not hold yet (attached in another tab): the list is asked again.
    if (!holder.files.some((f) => f.id === event.file_id)) void queryClient.invalidateQueries({ queryKey: key });
    else queryClient.setQueryData(key, list.map(patch));
  }
  if (known && (event.state === 'listo' || event.state === 'error')) {
    void queryClient.invalidateQueries({ queryKey: qualityKeys.model(event.model_id), exact: true });
    void queryClient.invalidateQueries({ queryKey: [...qualityKeys.models(), 'list'] });
  }
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modelsApi.create,
    onSuccess: (model) => putModel(queryClient, model),
  });
}

export function useRenameModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => modelsApi.rename(id, name),
    onSuccess: (model) => putModel(queryClient, model),
  });
}

/** Force delete: the model, its files and fragments. */
export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => modelsApi.remove(id),
    onSuccess: (_d, id) => dropModel(queryClient, id),
  });
}

export function useAttachModelFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, path, stage }: { id: number; path: string; stage: QualityStage }) =>
      modelsApi.attach(id, { path, stage }),
    onSuccess: (model) => putModel(queryClient, model),
  });
}

export function useDeleteModelFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: number; fileId: number }) => modelsApi.removeFile(id, fileId),
    onSuccess: (_d, { id }) => {
      void queryClient.invalidateQueries({ queryKey: qualityKeys.model(id) });
      void queryClient.invalidateQueries({ queryKey: [...qualityKeys.models(), 'list'] });
    },
  });
}

/** Force update: every file of the model queued for processing again. */
export function useReprocessModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => modelsApi.reprocess(id),
    onSuccess: (model) => putModel(queryClient, model),
  });
}

/**
 * Links elements of one model to an activity. The PUT replaces the activity's elements of that model, so the
 * caller's ids are joined with the ones it already has (from actividades-elementos) before they are sent.
 */
export function useLinkElements(projectId: number, modelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, globalIds }: { activityId: number; globalIds: readonly string[] }) => {
      const current = queryClient.getQueryData<ActivityElement[]>(qualityKeys.activityElements(modelId)) ?? [];
      const union = new Set(current.filter((l) => l.activity_id === activityId).map((l) => l.global_id));
      for (const id of globalIds) union.add(id);
      return modelsApi.linkElements(activityId, { model_id: modelId, global_ids: [...union] });
    },
    onSuccess: (_d, { activityId, globalIds }) => {
      queryClient.setQueryData<ActivityElement[]>(qualityKeys.activityElements(modelId), (links) => {
        const list = links ?? [];
        const have = new Set(list.filter((l) => l.activity_id === activityId).map((l) => l.global_id));
        return [
          ...list,
          ...globalIds.filter((g) => !have.has(g)).map((global_id) => ({ activity_id: activityId, global_id })),
        ];
      });
      void queryClient.invalidateQueries({ queryKey: qualityKeys.activityElements(modelId) });
      // The activity's element_count changed: the list and Gantt show it.
      void queryClient.invalidateQueries({ queryKey: qualityKeys.activities(projectId) });
    },
  });
}

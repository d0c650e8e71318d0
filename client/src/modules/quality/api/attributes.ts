import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QualityAttribute } from '#domain/quality-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { qualityKeys } from './keys.ts';
import { QUALITY_API } from './activities.ts';

/** Attributes and their values (docs/api.md "## Quality": calidad/atributos), company-wide. */
export const attributesQuery = () =>
  queryOptions({
    queryKey: qualityKeys.attributes(),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<QualityAttribute[]>>(`${QUALITY_API}/atributos`, { signal }).then((r) => r.data),
  });

const attributePath = (id: number, rest = '') => `${QUALITY_API}/atributos/${id}${rest}`;
type Row = DataEnvelope<QualityAttribute>;
/** What a delete answers: the activities that lost the attribute's or the value's assignment. */
export type AttributeDeleteResult = { id: number; activity_count: number };

/** Field errors (422) are shown on the form, not as a toast: every write is silent. */
const silent = { silent: true } as const;

export const attributesApi = {
  create: (name: string) => apiV2.post<Row>(`${QUALITY_API}/atributos`, { name }, silent).then((r) => r.data),
  rename: (id: number, name: string) => apiV2.patch<Row>(attributePath(id), { name }, silent).then((r) => r.data),
  remove: (id: number) => apiV2.delete<DataEnvelope<AttributeDeleteResult>>(attributePath(id)).then((r) => r.data),
  addValue: (id: number, name: string) =>
    apiV2.post<Row>(attributePath(id, '/valores'), { name }, silent).then((r) => r.data),
  addValues: (id: number, names: string) =>
    apiV2.post<Row>(attributePath(id, '/valores/masivo'), { names }, silent).then((r) => r.data),
  renameValue: (id: number, valueId: number, name: string) =>
    apiV2.patch<Row>(attributePath(id, `/valores/${valueId}`), { name }, silent).then((r) => r.data),
  removeValue: (id: number, valueId: number) =>
    apiV2.delete<DataEnvelope<AttributeDeleteResult>>(attributePath(id, `/valores/${valueId}`)).then((r) => r.data),
};

/** An attribute the server answered, written into the cached list in place (or appended when new). */
function useWriteAttribute() {
  const queryClient = useQueryClient();
  return (row: QualityAttribute) =>
    queryClient.setQueryData<QualityAttribute[]>(qualityKeys.attributes(), (list) => {
      if (!list) return [row];
      return list.some((a) => a.id === row.id) ? list.map((a) => (a.id === row.id ? row : a)) : [...list, row];
    });
}

export function useCreateAttribute() {
  const write = useWriteAttribute();
  return useMutation({ mutationFn: (name: string) => attributesApi.create(name), onSuccess: write });
}

export function useRenameAttribute() {
  const write = useWriteAttribute();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => attributesApi.rename(id, name),
    onSuccess: write,
  });
}

export function useAddValue() {
  const write = useWriteAttribute();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => attributesApi.addValue(id, name),
    onSuccess: write,
  });
}

/** Several values, one per line: the server creates all of them or none (per-line errors as `names.<line>`). */
export function useAddValues() {
  const write = useWriteAttribute();
  return useMutation({
    mutationFn: ({ id, names }: { id: number; names: string }) => attributesApi.addValues(id, names),
    onSuccess: write,
  });
}

export function useRenameValue() {
  const write = useWriteAttribute();
  return useMutation({
    mutationFn: ({ id, valueId, name }: { id: number; valueId: number; name: string }) =>
      attributesApi.renameValue(id, valueId, name),
    onSuccess: write,
  });
}

/**
 * Deleting an attribute or a value takes it off activities: the list drops it, and every project's cached
 * activities are asked again (the live event updates other people's screens).
 */
export function useDeleteAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => attributesApi.remove(id),
    onSuccess: (result) => {
      queryClient.setQueryData<QualityAttribute[]>(qualityKeys.attributes(), (list) =>
        list?.filter((a) => a.id !== result.id),
      );
      if (result.activity_count > 0) void queryClient.invalidateQueries({ queryKey: qualityKeys.allActivities() });
    },
  });
}

export function useDeleteValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, valueId }: { id: number; valueId: number }) => attributesApi.removeValue(id, valueId),
    onSuccess: (result, { id }) => {
      queryClient.setQueryData<QualityAttribute[]>(qualityKeys.attributes(), (list) =>
        list?.map((a) => (a.id === id ? { ...a, values: a.values.filter((v) => v.id !== result.id) } : a)),
      );
      if (result.activity_count > 0) void queryClient.invalidateQueries({ queryKey: qualityKeys.allActivities() });
    },
  });
}

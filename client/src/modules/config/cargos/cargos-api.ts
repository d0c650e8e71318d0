import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionRow } from '#domain/access-responses';
import type { PositionCreateInput, PositionUpdateInput } from '#domain/schemas/positions';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of config cargos (server/src/modules/config/positions). */
export const positionKeys = createQueryKeys('config-positions');
const API = 'configuracion/cargos';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export const positionsApi = {
  list: (signal?: AbortSignal) => data(apiV2.get<DataEnvelope<PositionRow[]>>(API, { signal })),
  create: (input: PositionCreateInput) => data(apiV2.post<DataEnvelope<PositionRow>>(API, input)),
  update: ({ id, ...input }: PositionUpdateInput & { id: number }) =>
    data(apiV2.patch<DataEnvelope<PositionRow>>(`${API}/${id}`, input)),
  remove: (id: number) => apiV2.delete(`${API}/${id}`),
};

export const positionsQuery = queryOptions({
  queryKey: positionKeys.list('positions'),
  queryFn: ({ signal }) => positionsApi.list(signal),
});

const byName = (a: PositionRow, b: PositionRow) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });

// Each write answers the position as it now is: it goes into the list (nothing refetches).
function useWriteToList() {
  const queryClient = useQueryClient();
  return (row: PositionRow) =>
    queryClient.setQueryData<PositionRow[]>(positionsQuery.queryKey, (list = []) =>
      [...list.filter((p) => p.id !== row.id), row].sort(byName),
    );
}

export function useCreatePosition() {
  const write = useWriteToList();
  return useMutation({ mutationFn: positionsApi.create, onSuccess: write });
}

export function useUpdatePosition() {
  const write = useWriteToList();
  return useMutation({ mutationFn: positionsApi.update, onSuccess: write });
}

export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: positionsApi.remove,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<PositionRow[]>(positionsQuery.queryKey, (list = []) => list.filter((p) => p.id !== id)),
  });
}

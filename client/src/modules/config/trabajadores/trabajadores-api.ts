import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractType } from '#domain/workers';
import type { WorkerInput } from '#domain/schemas/workers';
import type { WorkerRow } from '#domain/workers-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../../api/query.ts';

/** Query keys of config trabajadores (docs/product.md §2 workers and their contracts). */
export const workerKeys = createQueryKeys('config-workers');
const API = 'configuracion/trabajadores';

export type WorkerFilters = {
  search?: string;
  contract_type?: ContractType;
  active?: 'true' | 'false';
  page: number;
};
export type Position = { id: number; name: string };

export type WorkerOptions = {
  country: string;
  positions: Position[];
  users: { id: number; full_name: string; username: string }[];
};

export const workerOptionsQuery = () =>
  queryOptions({
    queryKey: workerKeys.item('options'),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<WorkerOptions>>(`${API}/opciones`, { signal }).then((r) => r.data),
  });

export const workersQuery = (filters: WorkerFilters) =>
  queryOptions({
    queryKey: workerKeys.list('workers', filters),
    queryFn: ({ signal }) => apiV2.get<ListEnvelope<WorkerRow>>(API, { signal, query: filters }),
    ...LIST_QUERY_DEFAULTS,
  });

/** docs/product.md §7 export of the filtered list (the whole set, not the page shown). */
export const exportWorkers = (format: 'xlsx' | 'csv', { page: _page, ...filters }: WorkerFilters) =>
  apiV2.get<Blob>(`${API}/exportar`, { responseType: 'blob', query: { ...filters, format } });

/** POST or PUT trabajadores: the saved worker replaces its row; the lists are asked again (it may leave a filter). */
export function useSaveWorker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: WorkerInput }) =>
      (id
        ? apiV2.put<DataEnvelope<WorkerRow>>(`${API}/${id}`, input)
        : apiV2.post<DataEnvelope<WorkerRow>>(API, input)
      ).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: workerKeys.lists() }),
  });
}

export function useDeleteWorker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiV2.delete(`${API}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: workerKeys.lists() }),
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { BatchDetail, BatchRow, PlacementDetail, PlacementRow } from '#domain/concrete-placements-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { CONCRETE_API } from './config.ts';
import { concreteKeys } from './keys.ts';

/**
 * concrete/placements' reads (server/src/modules/concrete/{placements,batches}): the query parameters are the API's
 * own names (domain/schemas/concrete.ts placementListQuerySchema, batchListQuerySchema), lists sit under the
 * project's work() key so one live event refreshes them, details under their id.
 */
export type PlacementListParams = {
  project_id: number;
  state?: string;
  element?: string;
  concrete_type?: string;
  concrete_company?: string;
  batch_id?: number;
  from?: string;
  to?: string;
  search?: string;
  sort?: string;
  desc?: 'true' | 'false';
  page?: number;
  rows?: number;
};
export type BatchListParams = {
  project_id: number;
  state?: string;
  concrete_type?: string;
  page?: number;
  rows?: number;
};

export const placementListQuery = (params: PlacementListParams) =>
  queryOptions({
    queryKey: concreteKeys.placementList(params.project_id, params),
    queryFn: ({ signal }) =>
      apiV2.get<ListEnvelope<PlacementRow>>(`${CONCRETE_API}/vaciados`, { signal, query: params }),
  });

export const placementQuery = (placementId: number) =>
  queryOptions({
    queryKey: concreteKeys.placement(placementId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<PlacementDetail>>(`${CONCRETE_API}/vaciados/${placementId}`, { signal })
        .then((r) => r.data),
  });

/** GET hormigon/vaciados/exportar: the list's filters, every row (up to PLACEMENTS_EXPORT_MAX). */
export const exportPlacements = (format: 'xlsx' | 'csv', params: PlacementListParams) =>
  apiV2.get<Blob>(`${CONCRETE_API}/vaciados/exportar`, {
    responseType: 'blob',
    query: { ...params, page: undefined, rows: undefined, format },
  });

export const batchListQuery = (params: BatchListParams) =>
  queryOptions({
    queryKey: concreteKeys.batchList(params.project_id, params),
    queryFn: ({ signal }) => apiV2.get<ListEnvelope<BatchRow>>(`${CONCRETE_API}/lotes`, { signal, query: params }),
  });

export const batchQuery = (batchId: number) =>
  queryOptions({
    queryKey: concreteKeys.batch(batchId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<BatchDetail>>(`${CONCRETE_API}/lotes/${batchId}`, { signal }).then((r) => r.data),
  });

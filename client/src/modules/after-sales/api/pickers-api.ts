import { queryOptions } from '@tanstack/react-query';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { afterSalesKeys } from './keys.ts';
import { API } from './tickets-api.ts';
import type { CatalogueTree, Ref, ResponsibleOption, UnitOption } from './types.ts';

// Pickers change rarely: a minute of freshness saves a request per form opened.
const PICKER_STALE_MS = 60_000;

export const towersQuery = (projectId: number | null) =>
  queryOptions({
    queryKey: afterSalesKeys.towers(projectId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<Ref[]>>(`${API}/torres`, { signal, query: { project_id: projectId } }).then((r) => r.data),
    enabled: projectId !== null,
    staleTime: PICKER_STALE_MS,
  });

export const unitsQuery = (projectId: number | null, towerId?: number | null) =>
  queryOptions({
    queryKey: afterSalesKeys.units(projectId, towerId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<UnitOption[]>>(`${API}/unidades`, {
          signal,
          query: { project_id: projectId, tower_id: towerId ?? undefined },
        })
        .then((r) => r.data),
    enabled: projectId !== null,
    staleTime: PICKER_STALE_MS,
  });

export const responsiblesQuery = (projectId: number | null) =>
  queryOptions({
    queryKey: afterSalesKeys.responsibles(projectId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<ResponsibleOption[]>>(`${API}/responsables`, { signal, query: { project_id: projectId } })
        .then((r) => r.data),
    enabled: projectId !== null,
    staleTime: PICKER_STALE_MS,
  });

/** The unit type's catalogue: place → item → detail (docs/product.md §3 Failure). */
export const catalogueQuery = (unitId: number | null) =>
  queryOptions({
    queryKey: afterSalesKeys.catalogue(unitId ?? 0),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<CatalogueTree>>(`${API}/catalogo/unidad/${unitId}`, { signal }).then((r) => r.data),
    enabled: unitId !== null,
    staleTime: PICKER_STALE_MS,
  });

/** GET garantias: the legal terms per item category for the company's country (docs/product.md#failure-guarantee). */
export const guaranteeTermsQuery = () =>
  queryOptions({
    queryKey: afterSalesKeys.guaranteeTerms(),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<{ country: string; terms: { category: string; years: number }[] }>>(`${API}/garantias`, {
          signal,
        })
        .then((r) => r.data),
    staleTime: 10 * PICKER_STALE_MS,
  });

import { queryOptions } from '@tanstack/react-query';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the unit-type catalogue (docs/product.md §2 unit type configuration). */
export const catalogueKeys = createQueryKeys('unit-types');
const API = 'entregas';
const data = <T,>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export type UnitType = { id: number; name: string; category: string; surface: number | null; areas_count: number; units_count: number };
export type UnitTypeInput = { name: string; category: string; surface?: number | null };
export type Failure = { id: number; name: string; severity: string; position: number; disabled?: boolean };
export type Item = { id: number; name: string; category: string; position: number; disabled?: boolean; failures: Failure[] };
export type Place = { id: number; name: string; position: number; disabled?: boolean; items: Item[] };
export type Area = { id: number; name: string; position: number; disabled?: boolean; places: Place[] };
export type Catalogue = { unit_type: Omit<UnitType, 'areas_count' | 'units_count'>; areas: Area[] };
/** URL words of each level, parent → child (server catalogue-routes.ts). */
export type Level = 'areas' | 'lugares' | 'items' | 'fallas';
export const CHILD: Record<'tipos-unidad' | Exclude<Level, 'fallas'>, Level> = { 'tipos-unidad': 'areas', areas: 'lugares', lugares: 'items', items: 'fallas' };

export const unitTypesQuery = () => queryOptions({
  queryKey: catalogueKeys.list('unit-types'),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<UnitType[]>>(`${API}/tipos-unidad`, { signal })),
});
export const catalogueQuery = (unitTypeId: number) => queryOptions({
  queryKey: catalogueKeys.detail('catalogue', unitTypeId),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<Catalogue>>(`${API}/tipos-unidad/${unitTypeId}/catalogo`, { signal })),
});

export const catalogueApi = {
  createType: (input: UnitTypeInput) => apiV2.post(`${API}/tipos-unidad`, input),
  updateType: (id: number, input: Partial<UnitTypeInput>) => apiV2.patch(`${API}/tipos-unidad/${id}`, input),
  deleteType: (id: number) => apiV2.delete(`${API}/tipos-unidad/${id}`),
  createNode: (parent: keyof typeof CHILD, parentId: number, input: Record<string, unknown>) => apiV2.post(`${API}/${parent}/${parentId}/${CHILD[parent]}`, input),
  updateNode: (level: Level, id: number, input: Record<string, unknown>) => apiV2.patch(`${API}/${level}/${id}`, input),
  deleteNode: (level: Level, id: number) => apiV2.delete(`${API}/${level}/${id}`),
  /** docs/product.md §2 xlsx import: the server answers 422 with one message per wrong row. */
  importXlsx: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiV2.post<{ data: { rows: number; created: Record<string, number> }; message?: string }>(`${API}/catalogo/importar`, form);
  },
  exportXlsx: (unitTypeIds: number[]) =>
    apiV2.get<Blob>(`${API}/catalogo/exportar`, { responseType: 'blob', query: unitTypeIds.length ? { unit_type_id: unitTypeIds } : {} }),
};

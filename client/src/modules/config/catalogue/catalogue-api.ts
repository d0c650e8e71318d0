import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';
import { insertNode, patchNode, removeNode } from './catalogue-tree-cache.ts';
import type { Catalogue, CatalogueNodeRow, Level, UnitType, UnitTypeInput } from './catalogue-types.ts';

/** Query keys of the unit-type catalogue (docs/product.md §2 unit type configuration). */
export const catalogueKeys = createQueryKeys('unit-types');
const API = 'entregas';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/** The level under each parent, in URL words (server/src/modules/deliveries/catalogue/routes.ts). */
export const CHILD: Record<'tipos-unidad' | Exclude<Level, 'fallas'>, Level> = {
  'tipos-unidad': 'areas',
  areas: 'lugares',
  lugares: 'items',
  items: 'fallas',
};

export const unitTypesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.list('unit-types'),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<UnitType[]>>(`${API}/tipos-unidad`, { signal })),
  });
export const catalogueQuery = (unitTypeId: number) =>
  queryOptions({
    queryKey: catalogueKeys.detail('catalogue', unitTypeId),
    queryFn: ({ signal }) =>
      data(apiV2.get<DataEnvelope<Catalogue>>(`${API}/tipos-unidad/${unitTypeId}/catalogo`, { signal })),
  });

export const catalogueApi = {
  createType: (input: UnitTypeInput) =>
    data(apiV2.post<DataEnvelope<Catalogue['unit_type']>>(`${API}/tipos-unidad`, input)),
  updateType: (id: number, input: Partial<UnitTypeInput>) =>
    data(apiV2.patch<DataEnvelope<Catalogue['unit_type']>>(`${API}/tipos-unidad/${id}`, input)),
  deleteType: (id: number) => apiV2.delete(`${API}/tipos-unidad/${id}`),
  createNode: (parent: keyof typeof CHILD, parentId: number, input: Record<string, unknown>) =>
    data(apiV2.post<DataEnvelope<CatalogueNodeRow>>(`${API}/${parent}/${parentId}/${CHILD[parent]}`, input)),
  updateNode: (level: Level, id: number, input: Record<string, unknown>) =>
    data(apiV2.patch<DataEnvelope<CatalogueNodeRow>>(`${API}/${level}/${id}`, input)),
  deleteNode: (level: Level, id: number) => apiV2.delete(`${API}/${level}/${id}`),
  /** docs/product.md §2 xlsx import: the server answers 422 with one message per wrong row. */
  importXlsx: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiV2.post<{ data: { rows: number; created: Record<string, number> }; message?: string }>(
      `${API}/catalogo/importar`,
      form,
    );
  },
  exportXlsx: (unitTypeIds: number[]) =>
    apiV2.get<Blob>(`${API}/catalogo/exportar`, {
      responseType: 'blob',
      query: unitTypeIds.length ? { unit_type_id: unitTypeIds } : {},
    }),
};

// The hooks of the catalogue. A unit type's edit answers the type and an entry's the stored entry, written
// into the catalogue shown; the unit-type list (ordered by name, with counts) is invalidated when it changes.

const listKey = unitTypesQuery().queryKey;
const invalidateList = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: listKey, exact: true });

/** Create a unit type (no id) or edit one. */
export function useSaveUnitType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Partial<UnitTypeInput> }) =>
      id ? catalogueApi.updateType(id, input) : catalogueApi.createType(input as UnitTypeInput),
    onSuccess: (type) => {
      queryClient.setQueryData(catalogueQuery(type.id).queryKey, (c) =>
        c ? { ...c, unit_type: { ...c.unit_type, ...type } } : c,
      );
      void invalidateList(queryClient);
    },
  });
}

/** Delete an unused unit type: out of the list, and its catalogue out of the cache. */
export function useDeleteUnitType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => catalogueApi.deleteType(id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(listKey, (list) => list?.filter((u) => u.id !== id));
      queryClient.removeQueries({ queryKey: catalogueQuery(id).queryKey, exact: true });
    },
  });
}

/** docs/product.md §2 xlsx import: it may touch every unit type and catalogue. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: catalogueApi.importXlsx,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** The export changes nothing. */
export const useExportCatalogue = () => useMutation({ mutationFn: catalogueApi.exportXlsx });

/**
 * The entries of one unit type's catalogue (areas → places → items → failures). An area added or
 * deleted changes the type's count of areas in the list.
 */
export function useCatalogueNodes(unitTypeId: number) {
  const queryClient = useQueryClient();
  const key = catalogueQuery(unitTypeId).queryKey;
  const areasChanged = (level: Level) => {
    if (level === 'areas') void invalidateList(queryClient);
  };
  const create = useMutation({
    mutationFn: ({
      parent,
      parentId,
      input,
    }: {
      parent: keyof typeof CHILD;
      parentId: number;
      input: Record<string, unknown>;
    }) => catalogueApi.createNode(parent, parentId, input),
    onSuccess: (row, { parent, parentId }) => {
      queryClient.setQueryData(key, (c) => (c ? insertNode(c, CHILD[parent], parentId, row) : c));
      areasChanged(CHILD[parent]);
    },
  });
  const update = useMutation({
    mutationFn: ({ level, id, input }: { level: Level; id: number; input: Record<string, unknown> }) =>
      catalogueApi.updateNode(level, id, input),
    onSuccess: (row, { level }) => queryClient.setQueryData(key, (c) => (c ? patchNode(c, level, row) : c)),
  });
  const remove = useMutation({
    mutationFn: ({ level, id }: { level: Level; id: number }) => catalogueApi.deleteNode(level, id),
    onSuccess: (_answer, { level, id }) => {
      queryClient.setQueryData(key, (c) => (c ? removeNode(c, level, id) : c));
      areasChanged(level);
    },
  });
  return { create, update, remove };
}

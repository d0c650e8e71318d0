import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderQueryHook } from '../../../test/query-hooks.tsx';
import {
  catalogueQuery,
  unitTypesQuery,
  useCatalogueNodes,
  useDeleteUnitType,
  useSaveUnitType,
} from './catalogue-api.ts';
import type { Catalogue, UnitType } from './catalogue-types.ts';

const type = (id: number, name: string): UnitType => ({
  id,
  name,
  category: 'departamento',
  surface: null,
  areas_count: 1,
  units_count: 0,
});
const catalogue = (): Catalogue => ({
  unit_type: { id: 4, name: 'Depto A', category: 'departamento', surface: null },
  areas: [
    {
      id: 10,
      name: 'Cocina',
      position: 0,
      disabled: false,
      places: [{ id: 20, name: 'Muros', position: 0, disabled: false, items: [] }],
    },
  ],
});
const list = { queryKey: unitTypesQuery().queryKey, exact: true };

afterEach(() => vi.unstubAllGlobals());

describe('catalogue hooks: answers are written into the catalogue shown; the list refetches when its order or counts move', () => {
  it('editing a unit type writes it into its catalogue and refetches the list (ordered by name)', async () => {
    mockFetch(() => ({ body: { data: { id: 4, name: 'Depto B', category: 'departamento', surface: 61.5 } } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useSaveUnitType());
    queryClient.setQueryData(catalogueQuery(4).queryKey, catalogue());
    await act(() => result.current.mutateAsync({ id: 4, input: { name: 'Depto B', surface: 61.5 } }));
    expect(queryClient.getQueryData(catalogueQuery(4).queryKey)?.unit_type).toEqual({
      id: 4,
      name: 'Depto B',
      category: 'departamento',
      surface: 61.5,
    });
    expect(invalidated).toEqual([list]);
  });

  it('deleting a unit type takes it out of the list without a refetch', async () => {
    mockFetch(() => ({ body: { data: { deleted: true } } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useDeleteUnitType());
    queryClient.setQueryData(unitTypesQuery().queryKey, [type(4, 'Depto A'), type(5, 'Depto B')]);
    await act(() => result.current.mutateAsync(4));
    expect(queryClient.getQueryData(unitTypesQuery().queryKey)).toEqual([type(5, 'Depto B')]);
    expect(invalidated).toEqual([]);
  });

  it("an entry created, edited or deleted is written into the tree; only an area moves the list's counts", async () => {
    const f = mockFetch((call) => {
      if (call.method === 'POST')
        return {
          status: 201,
          body: {
            data: { id: 30, name: 'Pintura', position: 0, category: 'terminaciones', placeId: 20, disabledAt: null },
          },
        };
      if (call.method === 'PATCH')
        return { body: { data: { id: 20, name: 'Muros y cielos', position: 0, areaId: 10, disabledAt: null } } };
      return { body: { data: { deleted: true } } };
    });
    const { result, queryClient, invalidated } = renderQueryHook(() => useCatalogueNodes(4));
    queryClient.setQueryData(catalogueQuery(4).queryKey, catalogue());
    await act(() =>
      result.current.create.mutateAsync({
        parent: 'lugares',
        parentId: 20,
        input: { name: 'Pintura', category: 'terminaciones' },
      }),
    );
    await act(() => result.current.update.mutateAsync({ level: 'lugares', id: 20, input: { name: 'Muros y cielos' } }));
    expect(queryClient.getQueryData(catalogueQuery(4).queryKey)?.areas[0].places).toEqual([
      {
        id: 20,
        name: 'Muros y cielos',
        position: 0,
        disabled: false,
        items: [{ id: 30, name: 'Pintura', position: 0, disabled: false, category: 'terminaciones', failures: [] }],
      },
    ]);
    expect(invalidated).toEqual([]);
    await act(() => result.current.remove.mutateAsync({ level: 'areas', id: 10 }));
    expect(f.last()).toMatchObject({ method: 'DELETE', url: expect.stringContaining('entregas/areas/10') });
    expect(queryClient.getQueryData(catalogueQuery(4).queryKey)?.areas).toEqual([]);
    expect(invalidated).toEqual([list]);
  });
});

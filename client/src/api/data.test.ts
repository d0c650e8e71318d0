import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { session } from '../shared/session/session-store.ts';
import { dataCall, fillEndpoint, MissingEndpointParamError, saveCall } from './data.ts';
import { mockFetch } from './mock-fetch.ts';
import { createQueryKeys, dataInfiniteQuery, dataListQuery } from './query.ts';

const base = `${window.location.origin}/api/v2/public/api`;

beforeEach(() => {
  localStorage.clear();
  session.reset();
  session.clearUser();
});
afterEach(() => vi.unstubAllGlobals());

describe('generic data calls (docs/product.md §7)', () => {
  it('fills {param} placeholders from the stored params and the payload (the payload wins)', () => {
    session.setProject(7);
    session.setParams({ unidad_id: 12, solicitud_id: 99 });
    expect(fillEndpoint('propietarios/{proyecto_id}/fichas/{unidad_id}')).toBe('propietarios/7/fichas/12');
    expect(fillEndpoint('solicitudes/{solicitud_id}/oi/{oi_id}', { oi_id: 4 })).toBe('solicitudes/99/oi/4');
    expect(fillEndpoint('proyectos/{proyecto_id}', { proyecto_id: 3 })).toBe('proyectos/3');
    expect(() => fillEndpoint('fichas/{unidad_id}', {})).not.toThrow();
    session.setParams({ unidad_id: null });
    expect(() => fillEndpoint('fichas/{unidad_id}')).toThrow(MissingEndpointParamError);
  });

  it('GET sends pagination, filters and payload as query, plus the module sync params', async () => {
    const f = mockFetch(() => ({ body: { data: [], current_page: 1, total: 0, has_more: false, rowsPerPage: 50 } }));
    session.setProject(7);
    session.setParams({ unidad_id: 12, solicitud_id: 99 });
    await dataCall({
      endpoint: 'postventa/solicitudes',
      module: 'warranties',
      pagination: { page: 2, rowsPerPage: 25, rowsNumber: 300, sortBy: 'created_at', descending: true },
      filters: { estado: ['A', 'P'], responsable: null },
      payload: { search: 'filtración' },
    });
    const url = new URL(f.last().url);
    expect(url.pathname).toBe('/api/v2/public/api/postventa/solicitudes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      rowsPerPage: '25',
      sortBy: 'created_at',
      descending: 'true',
      estado: 'A,P',
      search: 'filtración',
      proyecto_id: '7',
      unidad_id: '12',
      solicitud_id: '99',
    });
    expect(f.last().body).toBeUndefined();
  });

  it('config, quality and verifications sync only proyecto_id; other modules none', async () => {
    const f = mockFetch(() => ({ body: {} }));
    session.setProject(7);
    session.setParams({ unidad_id: 12 });
    await dataCall({ endpoint: 'calidad/actividades', module: 'quality' });
    expect(Object.fromEntries(new URL(f.last().url).searchParams)).toEqual({ proyecto_id: '7' });
    await dataCall({ endpoint: 'cbox/carpetas' });
    expect(new URL(f.last().url).search).toBe('');
  });

  it('DELETE sends the payload as the body; POST and PUT too', async () => {
    const f = mockFetch(() => ({ body: {} }));
    session.setProject(7);
    await dataCall({ endpoint: 'proyectos/{proyecto_id}/planos', method: 'DELETE', payload: { ids: [1, 2] } });
    expect(f.last()).toMatchObject({ method: 'DELETE', url: `${base}/proyectos/7/planos`, body: { ids: [1, 2] } });
    await dataCall({ endpoint: 'cargos', method: 'POST', payload: { name: 'Jefe de obra' } });
    expect(f.last()).toMatchObject({ method: 'POST', url: `${base}/cargos`, body: { name: 'Jefe de obra' } });
  });

  it('a v1/ prefix selects client 1', async () => {
    const f = mockFetch(() => ({ body: {} }));
    await dataCall({ endpoint: 'v1/propietarios/listar', payload: { page: 1 } });
    expect(f.last().url).toBe(`${window.location.origin}/api/v1/api.php?request=propietarios%2Flistar&page=1`);
  });

  it('saving is a create without id and an update with one (docs/product.md §4)', async () => {
    const f = mockFetch(() => ({ body: {} }));
    await saveCall('cargos', { name: 'Bodeguero' });
    expect(f.last()).toMatchObject({ method: 'POST', url: `${base}/cargos` });
    await saveCall('cargos', { id: 5, name: 'Bodeguero' });
    expect(f.last()).toMatchObject({ method: 'PUT', url: `${base}/cargos/5`, body: { id: 5, name: 'Bodeguero' } });
  });
});

describe('list queries (docs/product.md §7)', () => {
  const keys = createQueryKeys('after-sales');

  it('no retry, stale time 1 s, no refetch on focus, first page 1; the key carries the sync params', () => {
    session.setProject(7);
    const q = dataListQuery({ keys, endpoint: 'postventa/solicitudes', module: 'warranties' });
    expect(q).toMatchObject({ retry: false, staleTime: 1000, refetchOnWindowFocus: false });
    expect(q.queryKey[0]).toBe('after-sales');
    expect(JSON.stringify(q.queryKey)).toContain('"proyecto_id":7');
    expect(JSON.stringify(q.queryKey)).toContain('"page":1');
  });

  it('fetches the next page while has_more', async () => {
    const f = mockFetch((call) => {
      const page = Number(new URL(call.url).searchParams.get('page'));
      return { body: { data: [page], current_page: page, total: 3, has_more: page < 3, rowsPerPage: 1 } };
    });
    const client = new QueryClient();
    const options = dataInfiniteQuery<number>({
      keys,
      endpoint: 'postventa/solicitudes',
      pagination: { rowsPerPage: 1 },
    });
    expect(options.initialPageParam).toBe(1);
    const result = await client.fetchInfiniteQuery({ ...options, pages: 5 });
    expect(result.pages.map((p) => p.data[0])).toEqual([1, 2, 3]);
    expect(f.calls).toHaveLength(3);
  });
});

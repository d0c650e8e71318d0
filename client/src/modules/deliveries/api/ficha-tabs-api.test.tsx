import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderQueryHook } from '../../../test/query-hooks.tsx';
import {
  certificatesQuery,
  deliveryKeys,
  detailsQuery,
  fichaKeys,
  revisionQuery,
  type Certificate,
  type Details,
  type Revision,
} from './ficha-api.ts';
import { useCertificates, useOwners, useSaveDetails, useSaveRevision } from './ficha-tabs-api.ts';

const exact = (queryKey: readonly unknown[]) => ({ queryKey, exact: true });
const lists = { queryKey: deliveryKeys.lists(), exact: false };
const history = [exact(fichaKeys.tab(5, 'activity')), exact(fichaKeys.tab(5, 'act'))];

afterEach(() => vi.unstubAllGlobals());

describe("ficha tab hooks: a save's answer is its tab, and only what else changed refetches", () => {
  it('details: the answer is the tab; the header and the lists are left alone', async () => {
    const answer: Details = {
      parkings: ['E-12'],
      storages: [],
      readings: { light: 10, cold_water: null, hot_water: null, gas: null, heating: null },
      observations: null,
    };
    mockFetch(() => ({ body: { data: answer } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useSaveDetails(5));
    await act(() => result.current.mutateAsync({ parkings: ['E-12'] }));
    expect(queryClient.getQueryData(detailsQuery(5).queryKey)).toEqual(answer);
    expect(invalidated).toEqual(history);
  });

  it('revision: the answer is the tab; its pending failures refresh the header and the lists', async () => {
    const answer: Revision = {
      unit_type: { id: 2, name: 'Depto A', category: 'departamento', surface: 61.8 },
      areas: [],
      other_results: [],
      summary: {
        items: 3,
        answered: 1,
        pending_failures: 1,
        by_outcome: { cumple: 0, falla: 1, no_aplica: 0, solucionada: 0, solucionada_postventa: 0 },
      },
    };
    mockFetch(() => ({ body: { data: answer } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useSaveRevision(5));
    await act(() => result.current.mutateAsync([{ item_id: 1, outcome: 'falla' }]));
    expect(queryClient.getQueryData(revisionQuery(5).queryKey)).toEqual(answer);
    // The revision's failures are the plan's pins to place (ficha-tabs-api.ts), so the plan refetches too.
    expect(invalidated).toEqual(
      expect.arrayContaining([exact(fichaKeys.ficha(5)), ...history, lists, exact(fichaKeys.tab(5, 'plan'))]),
    );
    expect(invalidated).toHaveLength(5);
  });

  it('certificates: attaching writes the answered list; removing one takes it out without a refetch of the list', async () => {
    const doc = (id: number): Certificate => ({
      id,
      name: `cert-${id}.pdf`,
      filename: `cert-${id}.pdf`,
      path: `c/${id}.pdf`,
      url: `/files/c/${id}.pdf`,
      size: 10,
      file_size: 10,
      type: 'application/pdf',
      extension: 'pdf',
      created_at: '2026-03-01T12:00:00.000Z',
    });
    const listed = { data: [doc(1), doc(2)], max_files: 100, max_bytes: 20_971_520 };
    mockFetch((call) =>
      call.method === 'POST' ? { status: 201, body: { added: 1, ...listed } } : { body: { data: { deleted: true } } },
    );
    const { result, queryClient, invalidated } = renderQueryHook(() => useCertificates(5));
    await act(() => result.current.attach.mutateAsync(['c/2.pdf']));
    expect(queryClient.getQueryData(certificatesQuery(5).queryKey)).toEqual(listed);
    await act(() => result.current.remove.mutateAsync(doc(1)));
    expect(queryClient.getQueryData(certificatesQuery(5).queryKey)).toEqual({ ...listed, data: [doc(2)] });
    expect(invalidated).toEqual([...history, ...history]);
  });

  it('owners: the answer is only an id, so the owners, the header (its count) and the lists refetch', async () => {
    const f = mockFetch(() => ({ status: 201, body: { data: { id: 31 } } }));
    const { result, invalidated } = renderQueryHook(() => useOwners(5));
    await act(() => result.current.save.mutateAsync({ name: 'María', role: 'propietario' }));
    expect(f.last()).toMatchObject({ method: 'POST', body: { name: 'María', role: 'propietario' } });
    expect(invalidated).toEqual([exact(fichaKeys.ficha(5)), exact(fichaKeys.tab(5, 'owners')), ...history, lists]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { GeneralConfigInput } from '#domain/schemas/deliveries';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderQueryHook } from '../../../test/query-hooks.tsx';
import {
  generalQuery,
  globalQuery,
  plansQuery,
  usePlans,
  useSaveGeneral,
  useSaveGlobal,
  type GeneralConfig,
  type GlobalConfig,
  type PlansOfType,
} from './config-api.ts';

const general = (over: Partial<GeneralConfig> = {}): GeneralConfig => ({
  municipal_reception_date: null,
  real_estate_name: 'Inmobiliaria Cordillera',
  real_estate_id_number: null,
  legal_representative: null,
  legal_representative_id_number: null,
  tax_ids: [],
  contacts: [],
  response_time_hours: 48,
  response_action: null,
  notification_message: null,
  owner_confirmation_limit_hours: null,
  accessories: [],
  ...over,
});
const view = (ids: number[]): GlobalConfig => ({
  projects: ids.map((id) => ({ id, name: `P${id}` })),
  values: { response_time_hours: 24 },
  mixed: [],
});

afterEach(() => vi.unstubAllGlobals());

describe('owners configuration hooks: the answer is the page, and only the other views of the same values refetch', () => {
  it("general: writes the project's values; the global views that hold the project refetch, the others do not", async () => {
    const answer = general({ response_time_hours: 72 });
    mockFetch(() => ({ body: { data: answer } }));
    const { result, queryClient } = renderQueryHook(() => useSaveGeneral(1));
    queryClient.setQueryData(globalQuery([1, 2]).queryKey, view([1, 2]));
    queryClient.setQueryData(globalQuery([3]).queryKey, view([3]));
    await act(() => result.current.mutateAsync({ response_time_hours: 72 } as GeneralConfigInput));
    expect(queryClient.getQueryData(generalQuery(1).queryKey)).toEqual(answer);
    expect(queryClient.getQueryState(globalQuery([1, 2]).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(globalQuery([3]).queryKey)?.isInvalidated).toBe(false);
  });

  it("global: writes the answered view; the projects' general pages and other views of them refetch", async () => {
    mockFetch(() => ({ body: { data: { updated: 2, ...view([1, 2]) } } }));
    const { result, queryClient } = renderQueryHook(() => useSaveGlobal());
    queryClient.setQueryData(generalQuery(1).queryKey, general());
    queryClient.setQueryData(generalQuery(3).queryKey, general());
    queryClient.setQueryData(globalQuery([2]).queryKey, view([2]));
    const answer = await act(() => result.current.mutateAsync({ project_ids: [1, 2], response_time_hours: 24 }));
    expect(answer.updated).toBe(2);
    expect(queryClient.getQueryData(globalQuery([1, 2]).queryKey)).toEqual(view([1, 2]));
    expect(queryClient.getQueryState(globalQuery([1, 2]).queryKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(globalQuery([2]).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(generalQuery(1).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(generalQuery(3).queryKey)?.isInvalidated).toBe(false);
  });

  it('plans: attaching writes the answered plans, removing takes one out; nothing refetches', async () => {
    const plan = (id: number) => ({
      id,
      name: `plano-${id}.pdf`,
      path: `p/${id}.pdf`,
      url: '',
      size: 1,
      type: 'pdf',
      created_at: '',
    });
    const groups: PlansOfType[] = [
      { unit_type: { id: 4, name: 'Depto A', category: 'departamento' }, is_used: true, plans: [plan(1), plan(2)] },
    ];
    mockFetch((call) =>
      call.method === 'POST' ? { status: 201, body: { data: groups } } : { body: { data: { deleted: true } } },
    );
    const { result, queryClient, invalidated } = renderQueryHook(() => usePlans(1));
    await act(() => result.current.attach.mutateAsync({ unitTypeId: 4, paths: ['p/2.pdf'] }));
    expect(queryClient.getQueryData(plansQuery(1).queryKey)).toEqual(groups);
    await act(() => result.current.remove.mutateAsync(1));
    expect(queryClient.getQueryData(plansQuery(1).queryKey)?.[0].plans).toEqual([plan(2)]);
    expect(invalidated).toEqual([]);
  });
});

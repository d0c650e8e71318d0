import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../../../api/session/auth-user.ts';
import { renderQueryHook } from '../../../test/query-hooks.tsx';
import { deliveryKeys, fichaDetailQuery, fichaKeys } from './ficha-api.ts';
import { useBulkSchedule, useDeliver, useFichaCommand, useScheduleFicha } from './ficha-commands-api.ts';
import { fichaDetail } from '../test/fixtures.ts';

// The signatures' bytes travel by XMLHttpRequest (widgets/upload/transfer.ts): the upload is stood in for.
vi.mock('../../../widgets/upload/upload-api.ts', () => ({
  uploadFile: vi.fn(async ({ file }: { file: File }) => ({ path: `images/${file.name}` })),
}));

const exact = (queryKey: readonly unknown[]) => ({ queryKey, exact: true });
const lists = { queryKey: deliveryKeys.lists(), exact: false };

afterEach(() => vi.unstubAllGlobals());

describe('ficha command hooks: the answered ficha is the header, and only what else changed refetches', () => {
  it('schedule writes the header and invalidates the history, the act and the lists', async () => {
    const answer = fichaDetail({ scheduled_delivery_at: '2026-04-01T13:00:00.000Z' });
    const f = mockFetch(() => ({ body: { data: answer } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useScheduleFicha(5));
    queryClient.setQueryData(fichaDetailQuery(5).queryKey, fichaDetail());
    await act(() => result.current.mutateAsync('2026-04-01T13:00:00.000Z'));
    expect(f.last()).toMatchObject({ method: 'POST', body: { start_at: '2026-04-01T13:00:00.000Z' } });
    expect(queryClient.getQueryData(fichaDetailQuery(5).queryKey)).toEqual(answer);
    expect(invalidated).toEqual([exact(fichaKeys.tab(5, 'activity')), exact(fichaKeys.tab(5, 'act')), lists]);
  });

  it("pass to after-sales keeps the ticket out of the header and refreshes the revision and the unit's tickets", async () => {
    const answer = fichaDetail({ state: 'entregada_obs', is_passed_to_after_sales: true });
    mockFetch(() => ({ status: 201, body: { data: { ...answer, ticket: { id: 77, code: 'PLD-00077' } } } }));
    const { result, queryClient, invalidated } = renderQueryHook(() => useFichaCommand(5));
    const out = await act(() => result.current.mutateAsync('ficha.passToAfterSales'));
    expect(out.ticket).toEqual({ id: 77, code: 'PLD-00077' });
    expect(queryClient.getQueryData(fichaDetailQuery(5).queryKey)).toEqual(answer);
    expect(invalidated).toEqual([
      exact(fichaKeys.tab(5, 'revision')),
      exact(fichaKeys.tab(5, 'tickets')),
      exact(fichaKeys.tab(5, 'activity')),
      exact(fichaKeys.tab(5, 'act')),
      lists,
    ]);
  });

  it("deliver uploads the signatures, makes the representative's the profile's, and writes both answers", async () => {
    const answer = fichaDetail({ state: 'entregada', delivery_date: '2026-03-02' });
    const signed = {
      id: 9,
      full_name: 'Carolina Fuentes',
      signature_url: '/files/images/firma-representante.png',
    } as unknown as AuthUser;
    const f = mockFetch((call) =>
      call.url.endsWith('auth/firma')
        ? { body: { message: 'Firma guardada', data: signed } }
        : { body: { data: answer } },
    );
    const { result, queryClient, invalidated } = renderQueryHook(() => useDeliver(5));
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await act(() =>
      result.current.mutateAsync({
        input: {
          delivery_date: '2026-03-02',
          attendees: [{ owner_id: 11, role: 'propietario' }],
          receiver_comment: undefined,
          observations: undefined,
          representative_signs: true,
        },
        ownerSignature: png('firma-propietario.png'),
        representativeSignature: png('firma-representante.png'),
      }),
    );
    expect(f.calls.map((c) => c.body)).toEqual([
      { path: 'images/firma-representante.png' },
      {
        delivery_date: '2026-03-02',
        attendees: [{ owner_id: 11, role: 'propietario' }],
        representative_signs: true,
        owner_signature_path: 'images/firma-propietario.png',
      },
    ]);
    expect(queryClient.getQueryData(authUserQuery.queryKey)).toEqual(signed);
    expect(queryClient.getQueryData(fichaDetailQuery(5).queryKey)).toEqual(answer);
    expect(invalidated).toEqual([
      exact(fichaKeys.tab(5, 'reception')),
      exact(fichaKeys.tab(5, 'activity')),
      exact(fichaKeys.tab(5, 'act')),
      lists,
    ]);
  });

  it("a bulk schedule answers a count: the scheduled units' headers and history refetch, and the lists once", async () => {
    mockFetch(() => ({ body: { data: { scheduled: 2 } } }));
    const { result, invalidated } = renderQueryHook(() => useBulkSchedule(1));
    const out = await act(() =>
      result.current.mutateAsync({ unit_ids: [5, 6], start_at: '2026-04-01T13:00:00.000Z', interval_minutes: 60 }),
    );
    expect(out).toEqual({ scheduled: 2 });
    expect(invalidated).toEqual([
      exact(fichaKeys.ficha(5)),
      exact(fichaKeys.tab(5, 'activity')),
      exact(fichaKeys.tab(5, 'act')),
      exact(fichaKeys.ficha(6)),
      exact(fichaKeys.tab(6, 'activity')),
      exact(fichaKeys.tab(6, 'act')),
      lists,
    ]);
  });
});

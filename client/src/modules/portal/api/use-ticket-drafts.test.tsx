import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { newDraftKey, type TicketDraft } from './draft-store.ts';
import { memoryStorage } from './draft-test-support.ts';
import { ticketDraftsQuery, useDraftOutbox, useTicketDrafts } from './use-ticket-drafts.ts';

afterEach(() => vi.unstubAllGlobals());

const draft = (key: string, patch: Partial<TicketDraft> = {}): TicketDraft => ({
  key,
  ownerId: 7,
  unit_id: 3,
  subject: 'Humedad en el baño',
  message: 'Mancha en el cielo',
  photos: [],
  status: 'waiting',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...patch,
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

describe('the drafts on this device (docs/product.md#owner-portal, offline drafts)', () => {
  it("lists only this owner's drafts and forgets the ones sent in an earlier visit", async () => {
    const storage = memoryStorage([
      draft('a'),
      draft('b', { status: 'sent', ticketId: 9 }),
      draft('c', { ownerId: 8 }),
    ]);
    const { queryClient } = setup();
    expect((await queryClient.fetchQuery(ticketDraftsQuery(7, storage))).map((d) => d.key)).toEqual(['a']);
    expect([...storage.rows.keys()].sort()).toEqual(['a', 'c']);
  });

  it('keeping and discarding a draft write the store and the list at once', async () => {
    const storage = memoryStorage();
    const { wrapper } = setup();
    const { result } = renderHook(() => useTicketDrafts(7, storage), { wrapper });
    await act(() => result.current.keep(draft('k', { status: 'saved' })));
    await waitFor(() => expect(result.current.drafts.map((d) => d.key)).toEqual(['k']));
    expect(storage.rows.get('k')?.status).toBe('saved');
    await act(() => result.current.discard('k'));
    await waitFor(() => expect(result.current.drafts).toEqual([]));
    expect(storage.rows.size).toBe(0);
  });

  it('the outbox waits while offline and sends when the `online` event fires, once, with the draft key', async () => {
    const key = newDraftKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const storage = memoryStorage([draft(key)]);
    const api = mockFetch(() => ({ status: 201, body: { data: { id: 55, code: 'PLD-00055' } } }));
    setOnline(false);
    const { wrapper } = setup();
    const { result } = renderHook(
      () => {
        useDraftOutbox(7, storage);
        return useTicketDrafts(7, storage);
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.drafts).toHaveLength(1));
    expect(api.calls).toHaveLength(0);
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(result.current.drafts[0]).toMatchObject({ status: 'sent', ticketId: 55, ticketCode: 'PLD-00055' }),
    );
    const creates = api.calls.filter((c) => c.method === 'POST');
    expect(creates).toHaveLength(1);
    expect(creates[0].url).toContain('postventa/portal/solicitudes');
    expect(creates[0].body).toMatchObject({ client_key: key, subject: 'Humedad en el baño', attachments: [] });
    expect(storage.rows.get(key)?.status).toBe('sent');
  });

  it('a portal opened online sends what was left waiting', async () => {
    const storage = memoryStorage([draft('00000000-0000-4000-8000-000000000001')]);
    const api = mockFetch(() => ({ status: 201, body: { data: { id: 56, code: 'PLD-00056' } } }));
    setOnline(true);
    const { wrapper } = setup();
    renderHook(() => useDraftOutbox(7, storage), { wrapper });
    await waitFor(() => expect(storage.rows.get('00000000-0000-4000-8000-000000000001')?.status).toBe('sent'));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LiveEvent } from '#domain/realtime';
import { dispatchLiveEvent } from '../../../realtime/live-sync-registry.ts';
import { clientWithUser } from '../../../test/users.ts';
import { cboxListingKey, cboxSummaryKey, type CboxListParams } from './explorer-api.ts';
import { useCboxFolderLive } from './live-sync.ts';

const joined: string[] = [];
const released: string[] = [];
vi.mock('../../../realtime/live-sync-provider.tsx', () => ({
  useLiveClient: () => ({
    join: (room: string) => {
      joined.push(room);
      return () => released.push(room);
    },
  }),
}));

const params: CboxListParams = { sort: 'name', order: 'asc', page: 1, rowsPerPage: 100 };
const changed = (folderId: number | null): LiveEvent =>
  ({
    id: 1,
    type: 'cbox.changed',
    companyId: 1,
    projectId: null,
    entity: folderId === null ? { type: 'cbox_root', id: 1 } : { type: 'cbox_folder', id: folderId },
    userId: null,
    actorId: 2,
    data: { folder_id: folderId, action: 'created' },
  }) as unknown as LiveEvent;

describe('Cbox live sync (docs/modules.md §4)', () => {
  afterEach(() => {
    joined.length = 0;
    released.length = 0;
  });

  it('holds the open folder’s room, and the company’s root room at the root', () => {
    const queryClient = clientWithUser(['modulo_biblioteca']);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { rerender, unmount } = renderHook(({ id }: { id: number | null }) => useCboxFolderLive(id), {
      wrapper,
      initialProps: { id: 7 as number | null },
    });
    expect(joined).toEqual(['cbox_folder:7']);
    rerender({ id: null });
    expect(released).toEqual(['cbox_folder:7']);
    expect(joined).toEqual(['cbox_folder:7', 'cbox_root:1']);
    unmount();
    expect(released).toEqual(['cbox_folder:7', 'cbox_root:1']);
  });

  it('refetches the changed folder’s listing (and the quota), not the other folders’', () => {
    const queryClient = clientWithUser([]);
    for (const id of [7, 8, null]) queryClient.setQueryData(cboxListingKey(id, params), { data: [] });
    queryClient.setQueryData(cboxSummaryKey, { used_bytes: 0 });
    dispatchLiveEvent(changed(7), queryClient);
    const stale = (id: number | null) => queryClient.getQueryState(cboxListingKey(id, params))?.isInvalidated;
    expect(stale(7)).toBe(true);
    expect(stale(8)).toBe(false);
    expect(stale(null)).toBe(false);
    expect(queryClient.getQueryState(cboxSummaryKey)?.isInvalidated).toBe(true);
    dispatchLiveEvent(changed(null), queryClient);
    expect(stale(null)).toBe(true);
  });
});

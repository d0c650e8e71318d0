import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LiveEvent } from '#domain/realtime';
import { myDeliveriesQuery } from './portal-api.ts';
import { usePortalLive, usePortalUnitRooms } from './use-portal-live.ts';

// The live session is the socket's; here it is replaced by what the hooks register and join.
const handlers = new Map<string, (e: LiveEvent) => void>();
const joined: string[] = [];
const left: string[] = [];
vi.mock('../../../realtime/live-sync-provider.tsx', () => ({
  useLiveSession: () => undefined,
  useLiveEvent: (pattern: string, handler: (e: LiveEvent) => void) => handlers.set(pattern, handler),
  useLiveClient: () => ({
    join: (room: string) => {
      joined.push(room);
      return () => left.push(room);
    },
  }),
}));

describe("the portal's live updates of delivery appointments (docs/architecture.md §5)", () => {
  it("joins the owner's unit rooms and refetches the appointments when a delivery event arrives", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(myDeliveriesQuery.queryKey, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(
      () => {
        usePortalLive(9);
        usePortalUnitRooms([7, 3]);
      },
      { wrapper },
    );
    expect(joined.sort()).toEqual(['unit:3', 'unit:7']);
    for (const pattern of ['delivery.*', 'ficha.*']) {
      queryClient.setQueryData(myDeliveriesQuery.queryKey, []);
      handlers.get(pattern)!({ type: pattern.replace('*', 'x'), entity: { type: 'unit', id: 7 } } as LiveEvent);
      expect(queryClient.getQueryState(myDeliveriesQuery.queryKey)?.isInvalidated, pattern).toBe(true);
    }
    unmount();
    expect(left.sort()).toEqual(['unit:3', 'unit:7']);
  });
});

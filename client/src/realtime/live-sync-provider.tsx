import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';
import { createLiveClient, type ConnectionState, type LiveClient, type LiveClientOptions } from './live-client.ts';
import { createAppliedEvents, type AppliedEvents } from './applied-events.ts';
import { dispatchLiveEvent, matchesPattern } from './live-sync-registry.ts';
import { authUserQuery } from '../api/session/auth-user.ts';

type SessionOptions = Pick<LiveClientOptions, 'url' | 'socketOptions'>;

/**
 * The session's one socket (docs/architecture.md §5 step 5), held at module level so every hook in
 * the app reads the same client whichever component opened it. It is opened for the signed-in user
 * and closed on sign-out or user change; every event goes to the registered cache handlers and a
 * resync refetches every active query.
 */
let current: { userId: number; client: LiveClient; holders: number } | null = null;
const subscribers = new Set<() => void>();
const eventListeners = new Set<(e: LiveEvent) => void>();
const notify = () => subscribers.forEach((s) => s());
// The events each cache set has applied, for its user: a later socket (the shell remounted, a new
// tab session) neither applies them again nor misses what came after the last one.
const appliedByCaches = new WeakMap<QueryClient, { userId: number; applied: AppliedEvents }>();

function appliedTo(queryClient: QueryClient, userId: number): AppliedEvents {
  let memory = appliedByCaches.get(queryClient);
  if (memory?.userId !== userId)
    appliedByCaches.set(queryClient, (memory = { userId, applied: createAppliedEvents() }));
  return memory.applied;
}

function open(userId: number, queryClient: QueryClient, opts: SessionOptions): void {
  if (current?.userId === userId) {
    current.holders++;
    return;
  }
  current?.client.close();
  const client = createLiveClient({
    ...opts,
    applied: appliedTo(queryClient, userId),
    onEvent: (event) => {
      dispatchLiveEvent(event, queryClient);
      eventListeners.forEach((l) => l(event));
    },
    onResync: () => {
      void queryClient.invalidateQueries();
    },
    // Signed out live: the session query answers null once the session is gone, and the shell shows the login.
    onSessionClosed: () => {
      void queryClient.invalidateQueries({ queryKey: authUserQuery.queryKey });
    },
  });
  current = { userId, client, holders: 1 };
  notify();
}

function release(userId: number): void {
  if (current?.userId !== userId || --current.holders > 0) return;
  current.client.close();
  current = null;
  notify();
}

/** Keeps the session socket open for `userId` while the calling component is mounted. */
export function useLiveSession(userId: number | null | undefined, opts: SessionOptions = {}): void {
  const queryClient = useQueryClient();
  // Options are read when the socket opens: a new object each render must not reconnect.
  const optsRef = useRef(opts);
  useEffect(() => {
    if (!userId) return;
    open(userId, queryClient, optsRef.current);
    return () => release(userId);
  }, [userId, queryClient]);
}

/** Renders nothing; mounted once in the signed-in shell (the top bar's connection slot). */
export function LiveSession({ userId, ...opts }: { userId: number | null | undefined } & SessionOptions) {
  useLiveSession(userId, opts);
  return null;
}

/** The same, wrapping a subtree (tests, embedded views). */
export function LiveSyncProvider({
  userId,
  children,
  ...opts
}: { userId: number | null | undefined; children: ReactNode } & SessionOptions) {
  useLiveSession(userId, opts);
  return <>{children}</>;
}

const subscribe = (onChange: () => void) => {
  subscribers.add(onChange);
  return () => {
    subscribers.delete(onChange);
  };
};

export function useLiveClient(): LiveClient | null {
  return useSyncExternalStore(
    subscribe,
    () => current?.client ?? null,
    () => null,
  );
}

const offline = () => 'offline' as ConnectionState;

/** The connection state for the badge; 'offline' when no session socket exists. */
export function useConnectionState(): ConnectionState {
  const client = useLiveClient();
  return useSyncExternalStore(
    (onChange) => (client ? client.onState(onChange) : () => undefined),
    client ? () => client.state : offline,
    offline,
  );
}

/** Keeps the socket in a room while the calling component is mounted (e.g. 'ticket:12'). */
export function useLiveRoom(room: string | null | undefined): void {
  const client = useLiveClient();
  useEffect(() => (client && room ? client.join(room) : undefined), [client, room]);
}

/** Calls `handler` for live events of a type pattern while mounted (for effects beyond caches). */
export function useLiveEvent(pattern: string, handler: (e: LiveEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const l = (e: LiveEvent) => {
      if (matchesPattern(pattern, e.type)) latest.current(e);
    };
    eventListeners.add(l);
    return () => {
      eventListeners.delete(l);
    };
  }, [pattern]);
}

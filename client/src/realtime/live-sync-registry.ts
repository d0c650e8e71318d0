import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '#domain/realtime';

/**
 * How live events reach the caches (docs/architecture.md §5 step 5). Each module registers, once at import
 * time, which of its queries an event type touches; the live client dispatches every event it
 * receives here. Patterns: an exact type ('ticket.state_changed'), a prefix ('ticket.*') or '*'.
 */
export type LiveSyncHandler = (event: LiveEvent, queryClient: QueryClient) => void;

type Registration = { pattern: string; handler: LiveSyncHandler };
const registrations = new Set<Registration>();

export function matchesPattern(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** Registers a handler; returns the function that removes it. */
export function registerLiveSync(pattern: string, handler: LiveSyncHandler): () => void {
  const entry = { pattern, handler };
  registrations.add(entry);
  return () => {
    registrations.delete(entry);
  };
}

/** Runs every matching handler; one failing handler does not keep the others from running. */
export function dispatchLiveEvent(event: LiveEvent, queryClient: QueryClient): void {
  for (const r of registrations) {
    if (!matchesPattern(r.pattern, event.type)) continue;
    try {
      r.handler(event, queryClient);
    } catch (error) {
      console.error('live sync handler failed', { pattern: r.pattern, type: event.type, error });
    }
  }
}

type KeyOf = QueryKey | ((event: LiveEvent) => QueryKey | readonly QueryKey[] | undefined);

/**
 * The common handler: invalidate these query keys (prefix match), so active lists, boards and
 * details refetch and inactive ones refetch when next shown.
 *   registerLiveSync('ticket.*', invalidate(ticketKeys.lists(), (e) => ticketKeys.detail('ticket', e.entity?.id)))
 */
export function invalidate(...keys: KeyOf[]): LiveSyncHandler {
  return (event, queryClient) => {
    for (const k of keys) {
      const resolved = typeof k === 'function' ? k(event) : k;
      if (!resolved) continue;
      const list = Array.isArray(resolved[0]) ? (resolved as readonly QueryKey[]) : [resolved as QueryKey];
      for (const queryKey of list) void queryClient.invalidateQueries({ queryKey });
    }
  };
}

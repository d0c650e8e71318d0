import type { DraftStorage, TicketDraft } from './draft-store.ts';

/**
 * Drafts kept in a Map, for the sender's and the hooks' tests; the browser's IndexedDB store
 * (draft-store.ts) runs for real in tests/e2e/portal-offline.e2e.test.ts.
 */
export function memoryStorage(initial: TicketDraft[] = []): DraftStorage & { rows: Map<string, TicketDraft> } {
  const rows = new Map(initial.map((d) => [d.key, d]));
  return {
    rows,
    list: async (ownerId) => [...rows.values()].filter((d) => d.ownerId === ownerId),
    put: async (d) => void rows.set(d.key, { ...d }),
    remove: async (key) => void rows.delete(key),
  };
}

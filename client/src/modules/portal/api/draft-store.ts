import type { Photo } from './portal-api.ts';

/**
 * A new ticket an owner drafted on this device (docs/product.md#owner-portal, offline drafts): kept in
 * IndexedDB with its photos as Blobs until the portal sends it (api/draft-sender.ts).
 *
 * - saved: kept here, not tried yet; waiting: no connection (or the server was out), sent again when it returns;
 * - sending: on its way; sent: the ticket exists (ticketId); refused: the server said no, `errors` per field.
 */
export const DRAFT_STATUSES = ['saved', 'waiting', 'sending', 'sent', 'refused'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
/** The statuses the outbox sends on its own (when the portal opens online or the `online` event fires). */
export const PENDING_STATUSES: readonly DraftStatus[] = ['saved', 'waiting', 'sending'];

export type DraftPhoto = {
  id: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
  /** Set once its upload succeeded, so a retry does not send the bytes again. */
  uploaded?: Photo;
};
export type TicketDraft = {
  /** Made on the device; sent as client_key so a retried send finds the ticket its first send made. */
  key: string;
  /** The owner's user id: a shared phone shows each owner only their own drafts. */
  ownerId: number;
  unit_id: number;
  subject: string;
  message: string;
  photos: DraftPhoto[];
  status: DraftStatus;
  errors?: Record<string, string>;
  ticketId?: number;
  /** The ticket's code (S-00012), shown on the sent draft. */
  ticketCode?: string;
  updatedAt: string;
};

/** Where drafts live; IndexedDB in the browser (below), a Map in the sender's tests. */
export type DraftStorage = {
  list: (ownerId: number) => Promise<TicketDraft[]>;
  put: (draft: TicketDraft) => Promise<void>;
  remove: (key: string) => Promise<void>;
};

/** A key for a new draft: random, and a uuid, which is what the portal API accepts (domain/schemas/after-sales.ts). */
export function newDraftKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; getRandomValues is not.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const DB_NAME = 'portal';
const STORE = 'ticket-drafts';
const BY_OWNER = 'by-owner';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

let opening: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex(BY_OWNER, 'ownerId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(request.error);
    };
  });
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return promised(run(db.transaction(STORE, mode).objectStore(STORE)));
}

/** The browser's drafts: one IndexedDB object store keyed by draft key, indexed by owner. */
export const indexedDbDrafts: DraftStorage = {
  list: async (ownerId) => {
    const rows = await inStore('readonly', (s) => s.index(BY_OWNER).getAll(ownerId));
    return (rows as TicketDraft[]).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  },
  put: async (draft) => {
    await inStore('readwrite', (s) => s.put(draft));
  },
  remove: async (key) => {
    await inStore('readwrite', (s) => s.delete(key));
  },
};

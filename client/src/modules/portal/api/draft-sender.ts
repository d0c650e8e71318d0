import { isApiError } from '../../../api/errors.ts';
import { TransferError } from '../../../widgets/upload/transfer.ts';
import type { Photo } from './portal-api.ts';
import type { DraftPhoto, DraftStatus, TicketDraft } from './draft-store.ts';

/** What sending a draft needs; the browser's are in api/use-ticket-drafts.ts. */
export type DraftSendDeps = {
  upload: (photo: DraftPhoto) => Promise<Photo>;
  create: (body: {
    unit_id: number;
    subject: string;
    message: string;
    attachments: Photo[];
    client_key: string;
  }) => Promise<{ id: number; code: string }>;
  /** Keeps each step (an uploaded photo, the new status) so a closed tab resumes where it stopped. */
  save: (draft: TicketDraft) => Promise<void>;
  now?: () => Date;
};

/**
 * Whether a failed send is the server's final word (it refused the draft: keep it, show why) or a reason
 * to try again later: no connection, the server out (5xx), too many requests, or the session expired
 * (the owner signs in again and the outbox resumes).
 */
export function isRefusal(error: unknown): boolean {
  const status = isApiError(error) || error instanceof TransferError ? error.status : 0;
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/** The server's per-field messages, or its message on the step that failed (the photos, or the form: '_'). */
function refusalErrors(error: unknown, field: string): Record<string, string> {
  if (isApiError(error) && Object.keys(error.fields).length) return error.fields;
  return { [field]: (error as Error).message };
}

const inFlight = new Map<string, Promise<TicketDraft>>();

/**
 * Sends one draft (docs/product.md#owner-portal, offline drafts): uploads the photos not yet uploaded, then
 * creates the ticket with the draft's key, so a retry after a lost answer gets the same ticket (docs/api.md).
 * Two calls for the same draft at once share one send. The answer is the draft as it now is; it rejects only
 * when the device cannot keep the draft (storage failure).
 */
export function sendDraft(draft: TicketDraft, deps: DraftSendDeps): Promise<TicketDraft> {
  const running = inFlight.get(draft.key);
  if (running) return running;
  const send = run(draft, deps).finally(() => inFlight.delete(draft.key));
  inFlight.set(draft.key, send);
  return send;
}

async function run(draft: TicketDraft, deps: DraftSendDeps): Promise<TicketDraft> {
  const stamp = () => (deps.now?.() ?? new Date()).toISOString();
  let current: TicketDraft = { ...draft, status: 'sending', errors: undefined, updatedAt: stamp() };
  const settle = async (status: DraftStatus, extra: Partial<TicketDraft> = {}) => {
    current = { ...current, ...extra, status, updatedAt: stamp() };
    await deps.save(current);
    return current;
  };
  await deps.save(current);
  let step: 'attachments' | '_' = 'attachments';
  try {
    for (const photo of current.photos) {
      if (photo.uploaded) continue;
      const uploaded = await deps.upload(photo);
      current = { ...current, photos: current.photos.map((p) => (p.id === photo.id ? { ...p, uploaded } : p)) };
      await deps.save(current);
    }
    step = '_';
    const ticket = await deps.create({
      unit_id: current.unit_id,
      subject: current.subject,
      message: current.message,
      attachments: current.photos.map((p) => p.uploaded!),
      client_key: current.key,
    });
    // Sent: the photos' bytes are on the server now, the device keeps only the link to the ticket.
    return await settle('sent', {
      ticketId: ticket.id,
      ticketCode: ticket.code,
      photos: current.photos.map((p) => ({ ...p, blob: new Blob() })),
    });
  } catch (error) {
    if (isRefusal(error)) return settle('refused', { errors: refusalErrors(error, step) });
    return settle('waiting');
  }
}

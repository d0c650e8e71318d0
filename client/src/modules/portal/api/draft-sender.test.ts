import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../api/errors.ts';
import { TransferError } from '../../../widgets/upload/transfer.ts';
import { isRefusal, sendDraft, type DraftSendDeps } from './draft-sender.ts';
import type { TicketDraft } from './draft-store.ts';
import { memoryStorage } from './draft-test-support.ts';

const draft = (patch: Partial<TicketDraft> = {}): TicketDraft => ({
  key: '2f1c1c62-8a55-4b8e-9d2e-6a4f3b1d7c90',
  ownerId: 7,
  unit_id: 3,
  subject: 'Gotera en la terraza',
  message: 'Cae agua del cielo cuando llueve',
  photos: [
    { id: 'a', name: 'terraza.jpg', type: 'image/jpeg', size: 3, blob: new Blob(['abc']) },
    { id: 'b', name: 'cielo.jpg', type: 'image/jpeg', size: 2, blob: new Blob(['de']) },
  ],
  status: 'saved',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...patch,
});
const offline = () => new ApiRequestError(0, '', undefined);
const refused = () =>
  new ApiRequestError(422, 'Los datos no son válidos', {
    message: 'Los datos no son válidos',
    fields: { subject: 'Este campo es obligatorio' },
  });

function deps(storage = memoryStorage()) {
  const statuses: string[] = [];
  const d = {
    upload: vi.fn(async (p: { name: string; size: number; type: string }) => ({
      path: `general/${p.name}`,
      name: p.name,
      size: p.size,
      type: p.type,
    })),
    create: vi.fn(async (_body: Parameters<DraftSendDeps['create']>[0]) => ({ id: 41, code: 'PLD-00041' })),
    save: vi.fn(async (x: TicketDraft) => {
      statuses.push(x.status);
      await storage.put(x);
    }),
    now: () => new Date('2026-11-25T11:00:00.000Z'),
  } satisfies DraftSendDeps;
  return { d, storage, statuses };
}

describe('sendDraft (docs/product.md#owner-portal, offline drafts)', () => {
  it('uploads the photos, creates the ticket with the draft key and keeps it as sent', async () => {
    const { d, storage, statuses } = deps();
    const answer = await sendDraft(draft(), d);
    expect(d.upload).toHaveBeenCalledTimes(2);
    expect(d.create).toHaveBeenCalledWith({
      unit_id: 3,
      subject: 'Gotera en la terraza',
      message: 'Cae agua del cielo cuando llueve',
      attachments: [
        { path: 'general/terraza.jpg', name: 'terraza.jpg', size: 3, type: 'image/jpeg' },
        { path: 'general/cielo.jpg', name: 'cielo.jpg', size: 2, type: 'image/jpeg' },
      ],
      client_key: '2f1c1c62-8a55-4b8e-9d2e-6a4f3b1d7c90',
    });
    expect(answer).toMatchObject({
      status: 'sent',
      ticketId: 41,
      ticketCode: 'PLD-00041',
      updatedAt: '2026-11-25T11:00:00.000Z',
    });
    expect(statuses[0]).toBe('sending');
    expect(statuses.at(-1)).toBe('sent');
    expect(storage.rows.get(answer.key)?.status).toBe('sent');
    // The bytes are on the server: the device keeps no copy of the photos.
    expect(answer.photos.every((p) => p.blob.size === 0)).toBe(true);
  });

  it('without a connection the draft waits; the retry skips photos already uploaded and sends the same key', async () => {
    const { d, storage } = deps();
    d.upload.mockImplementationOnce(async (p) => ({
      path: `general/${p.name}`,
      name: p.name,
      size: p.size,
      type: p.type,
    }));
    d.upload.mockRejectedValueOnce(new TransferError(0, undefined));
    const first = await sendDraft(draft(), d);
    expect(first.status).toBe('waiting');
    expect(first.photos.map((p) => Boolean(p.uploaded))).toEqual([true, false]);
    expect(storage.rows.get(first.key)?.status).toBe('waiting');
    expect(d.create).not.toHaveBeenCalled();

    d.create.mockRejectedValueOnce(offline());
    const second = await sendDraft(first, d);
    expect(second.status).toBe('waiting');
    expect(d.upload).toHaveBeenCalledTimes(3);

    const third = await sendDraft(second, d);
    expect(third).toMatchObject({ status: 'sent', ticketId: 41 });
    expect(d.upload).toHaveBeenCalledTimes(3);
    // Every try carried the one key the server deduplicates by (portal/idempotent-create.test.ts).
    expect(new Set(d.create.mock.calls.map(([body]) => body.client_key))).toEqual(new Set([first.key]));
  });

  it('two sends of one draft at once share one request', async () => {
    const { d } = deps();
    const [a, b] = await Promise.all([sendDraft(draft(), d), sendDraft(draft(), d)]);
    expect(a).toBe(b);
    expect(d.create).toHaveBeenCalledTimes(1);
  });

  it("a refusal keeps the draft, its photos and the server's per-field errors", async () => {
    const { d, storage } = deps();
    d.create.mockRejectedValueOnce(refused());
    const answer = await sendDraft(draft(), d);
    expect(answer).toMatchObject({ status: 'refused', errors: { subject: 'Este campo es obligatorio' } });
    const kept = storage.rows.get(answer.key)!;
    expect(kept.status).toBe('refused');
    expect(kept.photos.map((p) => p.blob.size)).toEqual([3, 2]);
    // Sent again after the owner fixes it: the errors go, the ticket is made.
    const fixed = await sendDraft({ ...kept, subject: 'Gotera' }, d);
    expect(fixed).toMatchObject({ status: 'sent', errors: undefined });
  });

  it('a photo the storage refuses is an error on the photos, not on the form', async () => {
    const { d } = deps();
    d.upload.mockRejectedValueOnce(new TransferError(413, { message: 'El archivo supera 10 MB' }));
    const answer = await sendDraft(draft(), d);
    expect(answer).toMatchObject({ status: 'refused', errors: { attachments: 'El archivo supera 10 MB' } });
  });
});

describe('isRefusal', () => {
  it("is the server's final word only for 4xx answers other than session, timeout and rate limits", () => {
    expect(isRefusal(refused())).toBe(true);
    expect(isRefusal(new ApiRequestError(404, '', undefined))).toBe(true);
    expect(isRefusal(offline())).toBe(false);
    expect(isRefusal(new ApiRequestError(503, '', undefined))).toBe(false);
    expect(isRefusal(new ApiRequestError(401, '', undefined))).toBe(false);
    expect(isRefusal(new ApiRequestError(429, '', undefined))).toBe(false);
    expect(isRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });
});

import type { WebhookEventName } from '#domain/webhook-events';
import { STAFF_DATA } from '#domain/realtime';
import type { OutboxRow } from '../../../events/outbox.ts';

/** What a receiver gets (docs/api.md "Webhooks"): the event's name, when it happened, and its public facts. */
export type WebhookPayload = {
  type: WebhookEventName;
  timestamp: string;
  data: {
    object: string | null;
    id: number | null;
    project_id: number | null;
    actor_id: number | null;
    action: string | null;
    from: string | null;
    to: string | null;
    attributes: Record<string, unknown>;
  };
};

/** Keys of an event's data that steer the app itself (who to notify, whether an owner may be mailed, what staff screens show): never sent. */
const INTERNAL_KEYS = new Set(['notify', 'ownerNotifiable', 'link', 'labels', 'recipients', STAFF_DATA]);

const publicAttributes = (data: unknown): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data && typeof data === 'object' ? (data as Record<string, unknown>) : {}).filter(
      ([key]) => !INTERNAL_KEYS.has(key) && !key.startsWith('_'),
    ),
  );

type StoredEvent = {
  entity?: { type: string; id: number } | null;
  actorId?: number | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
  data?: unknown;
};

/** The payload of one outbox event for one webhook event: built from the stored event, never its notify list. */
export function webhookPayloadOf(event: WebhookEventName, row: OutboxRow): WebhookPayload {
  const stored = row.payload as StoredEvent;
  return {
    type: event,
    timestamp: row.createdAt.toISOString(),
    data: {
      object: stored.entity?.type ?? null,
      id: stored.entity?.id ?? null,
      project_id: row.projectId ?? null,
      actor_id: stored.actorId ?? null,
      action: stored.action ?? null,
      from: stored.from ?? null,
      to: stored.to ?? null,
      attributes: publicAttributes(stored.data),
    },
  };
}

/** The webhook-id of an outbox event: the same for every hook, attempt and replay. */
export const messageIdOf = (outboxId: number) => `msg_${outboxId}`;

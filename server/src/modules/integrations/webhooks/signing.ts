import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '#domain/webhooks';
import type { AppDeps } from '../../../http/context.ts';
import { createSecretBox, type SecretBox } from '../../../lib/secret-box.ts';

/** A new Standard Webhooks signing secret: whsec_ + base64 of 24 random bytes. */
export const newWebhookSecret = () => WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');

const boxes = new WeakMap<AppDeps, SecretBox>();
/** The box that seals application secrets at rest (one per process's signing secret). */
export function webhookSecretBox(deps: AppDeps): SecretBox {
  let box = boxes.get(deps);
  if (!box) {
    box = createSecretBox(deps.config.signingSecret, 'webhook-secrets');
    boxes.set(deps, box);
  }
  return box;
}

export type SignedRequest = { headers: Record<string, string>; body: string; signature: string };

/** The Standard Webhooks headers of one attempt (webhook-id stays the same across attempts of a message). */
export function signWebhook(secret: string, messageId: string, body: string, at = new Date()): SignedRequest {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return {
    body,
    signature,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'qa-webhooks/1',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

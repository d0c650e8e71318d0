import { randomUUID } from 'node:crypto';
import type { WebhookTestResult } from '#domain/webhooks-responses';
import type { WebhookEventName } from '#domain/webhook-events';
import { webhookHooks } from '../../../db/schema/index.ts';
import { and, eq } from 'drizzle-orm';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { unprocessable } from '../../../lib/errors.ts';
import { loadApplication, openSecret } from './applications.ts';
import { postSigned } from './attempt.ts';
import { samplePayload } from './samples.ts';

const ANSWER_SHOWN_BYTES = 50 * 1024;

/**
 * POST …/webhooks/aplicaciones/{id}/probar: sends a sample of one of the application's events to its URL, signed like
 * every delivery, and answers at once with the status, the latency and the receiver's answer. Nothing is queued or
 * logged; it works whether webhooks are on or not, so a receiver can be tried before turning them on.
 */
export async function sendTestEvent(
  deps: AppDeps,
  user: SessionUser,
  applicationId: number,
  event: WebhookEventName,
): Promise<WebhookTestResult> {
  const app = await loadApplication(deps.database.db, user, applicationId);
  const [hook] = await deps.database.db
    .select()
    .from(webhookHooks)
    .where(and(eq(webhookHooks.applicationId, app.id), eq(webhookHooks.event, event)));
  if (!hook) throw unprocessable([{ field: 'event', key: 'integrations.webhooks.event_not_configured' }]);
  const messageId = `msg_test_${randomUUID().replace(/-/g, '')}`;
  const outcome = await postSigned(deps, {
    url: hook.url,
    secret: openSecret(deps, app),
    messageId,
    payload: samplePayload(event),
  });
  const answer = outcome.response?.body.subarray(0, ANSWER_SHOWN_BYTES).toString('utf8');
  return {
    ok: outcome.ok,
    http_status: outcome.response?.status ?? null,
    duration_ms: outcome.durationMs,
    response: answer ?? null,
    error: outcome.error,
    message_id: messageId,
    content: outcome.body,
  };
}

import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_BODY_MAX_BYTES } from '#domain/limits';
import { webhookModuleOf, webhookRetryDelayMs } from '#domain/webhooks';
import { webhookDeliveries, webhookLogs } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../http/context.ts';
import { outboundRequest, type OutboundResponse } from '../../../lib/outbound.ts';
import { signWebhook } from './signing.ts';
import { storableResponse } from './response-body.ts';
import { reportDeliveryFailed } from './hook-commands.ts';
import { webhookTuning } from './tuning.ts';

/** What one POST to a receiver gave: a 2xx is delivered, anything else (or no answer) failed. */
export type PostOutcome = {
  ok: boolean;
  signature: string;
  body: string;
  response: OutboundResponse | undefined;
  error: string | null;
  durationMs: number;
};

/** Signs and POSTs one message (lib/outbound.ts: public targets only, a deadline, a capped answer). */
export async function postSigned(
  deps: AppDeps,
  target: { url: string; secret: string; messageId: string; payload: unknown },
): Promise<PostOutcome> {
  const body = JSON.stringify(target.payload);
  const signed = signWebhook(target.secret, target.messageId, body);
  const started = performance.now();
  try {
    const response = await outboundRequest({
      url: target.url,
      method: 'POST',
      headers: signed.headers,
      body,
      timeoutMs: webhookTuning(deps).timeoutMs,
      // One byte past the limit tells "too large to keep" from "exactly the limit".
      maxResponseBytes: WEBHOOK_BODY_MAX_BYTES + 1,
      allow: deps.config.outboundAllow,
    });
    const ok = response.status >= 200 && response.status < 300;
    return { ok, signature: signed.signature, body, response, error: null, durationMs: response.durationMs };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      signature: signed.signature,
      body,
      response: undefined,
      error: message,
      durationMs: Math.round(performance.now() - started),
    };
  }
}

/** A claimed delivery with what sending it needs. */
export type DueDelivery = typeof webhookDeliveries.$inferSelect & { url: string; secret: string };

/**
 * One attempt of a delivery: POST, a log row (docs/product.md §3 Webhook log), and the delivery's next step — delivered,
 * another try after the schedule's wait, or failed. A failed last attempt of a scheduled delivery (not a replay)
 * reports webhook.deliveryFailed to the hook's machine, which disables it and notifies the administrators.
 */
export async function attemptDelivery(deps: AppDeps, d: DueDelivery): Promise<boolean> {
  const attempt = d.attempts + 1;
  const outcome = await postSigned(deps, { url: d.url, secret: d.secret, messageId: d.messageId, payload: d.payload });
  const isLast = attempt >= d.maxAttempts;
  const retryIn = outcome.ok || isLast ? undefined : webhookRetryDelayMs(attempt, webhookTuning(deps).retryDelaysMs);
  const status = outcome.ok ? 'entregado' : retryIn === undefined ? 'fallido' : 'pendiente';
  await deps.database.db.transaction(async (tx) => {
    await tx.insert(webhookLogs).values({
      companyId: d.companyId,
      applicationId: d.applicationId,
      deliveryId: d.id,
      module: webhookModuleOf(d.event) ?? '',
      event: d.event,
      url: d.url,
      messageId: d.messageId,
      attempt,
      signature: outcome.signature,
      content: outcome.body,
      response: storableResponse(outcome.response?.body, outcome.response?.truncated),
      httpStatus: outcome.response?.status ?? null,
      durationMs: outcome.durationMs,
      error: outcome.error,
      status: outcome.ok ? 'entregado' : 'fallido',
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        status,
        nextAttemptAt: retryIn === undefined ? sql`now()` : sql`now() + ${retryIn} * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookDeliveries.id, d.id));
  });
  if (status === 'fallido' && !d.isReplay) {
    await reportDeliveryFailed(deps, { id: d.hookId, companyId: d.companyId }, attempt, d.maxAttempts);
  }
  return outcome.ok;
}

import { eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_BODY_MAX_BYTES } from '#domain/limits';
import { retryDelayMs } from '#domain/retries';
import { webhookModuleOf } from '#domain/webhooks';
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

/** One attempt made: what was sent to whom and what came back. */
export type AttemptMade = { delivery: DueDelivery; outcome: PostOutcome };

/** Sends one attempt of a claimed delivery; nothing is written yet (recordAttempts does it for a batch). */
export async function sendAttempt(deps: AppDeps, d: DueDelivery): Promise<AttemptMade> {
  const outcome = await postSigned(deps, { url: d.url, secret: d.secret, messageId: d.messageId, payload: d.payload });
  return { delivery: d, outcome };
}

/**
 * Records a batch of attempts in one transaction: a log row each (docs/product.md §3 Webhook log) and each delivery's
 * next step — delivered, another try after the schedule's wait, or failed. Then a failed last attempt of a scheduled
 * delivery (not a replay) reports webhook.deliveryFailed to its hook's machine, which disables the hook and notifies
 * the administrators.
 */
export async function recordAttempts(deps: AppDeps, made: AttemptMade[]): Promise<void> {
  if (!made.length) return;
  const delays = webhookTuning(deps).retryDelaysMs;
  const steps = made.map(({ delivery: d, outcome }) => {
    const attempt = d.attempts + 1;
    const retryIn = outcome.ok || attempt >= d.maxAttempts ? undefined : retryDelayMs(attempt, delays);
    const status = outcome.ok
      ? ('entregado' as const)
      : retryIn === undefined
        ? ('fallido' as const)
        : ('pendiente' as const);
    return { d, outcome, attempt, retryIn, status };
  });
  await deps.database.db.transaction(async (tx) => {
    // An application deleted meanwhile took its deliveries with it: nothing to record for them.
    const alive = new Set(
      (
        await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.id,
              steps.map((x) => x.d.id),
            ),
          )
          .for('update')
      ).map((r) => r.id),
    );
    const kept = steps.filter((x) => alive.has(x.d.id));
    if (!kept.length) return;
    await tx.insert(webhookLogs).values(
      kept.map(({ d, outcome, attempt }) => ({
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
        status: outcome.ok ? ('entregado' as const) : ('fallido' as const),
      })),
    );
    for (const { d, attempt, retryIn, status } of kept) {
      await tx
        .update(webhookDeliveries)
        .set({
          attempts: attempt,
          status,
          nextAttemptAt: retryIn === undefined ? sql`now()` : sql`now() + ${retryIn} * interval '1 millisecond'`,
          updatedAt: sql`now()`,
        })
        .where(eq(webhookDeliveries.id, d.id));
    }
  });
  for (const { d, attempt, status } of steps) {
    if (status === 'fallido' && !d.isReplay) {
      await reportDeliveryFailed(deps, { id: d.hookId, companyId: d.companyId }, attempt, d.maxAttempts);
    }
  }
}

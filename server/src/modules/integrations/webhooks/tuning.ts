import { RETRY_DELAYS_MS } from '#domain/retries';
import { WEBHOOK_TIMEOUT_MS } from '#domain/webhooks';
import type { AppDeps } from '../../../http/context.ts';

/** How the sender paces itself; tests and the bench shorten it through deps.extras.webhookTuning. */
export type WebhookTuning = {
  /** Waits before each retry (domain/retries.ts); attempts = length + 1. */
  retryDelaysMs: readonly number[];
  /** Deliveries claimed per pass: memory stays bounded however many wait. */
  batch: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** A claimed delivery is not claimed again for this long (a process that died mid-send is retried after it). */
  leaseMs: number;
  timeoutMs: number;
};

const DEFAULTS: WebhookTuning = {
  retryDelaysMs: RETRY_DELAYS_MS,
  batch: 100,
  concurrency: 16,
  leaseMs: 5 * 60_000,
  timeoutMs: WEBHOOK_TIMEOUT_MS,
};

export function webhookTuning(deps: AppDeps): WebhookTuning {
  return { ...DEFAULTS, ...(deps.extras.webhookTuning as Partial<WebhookTuning> | undefined) };
}

type Wakeable = { wake: () => void };
const senders = new WeakMap<AppDeps, Wakeable>();

/** The process's sender, so the consumer can wake it after queueing deliveries. */
export function setWebhookSender(deps: AppDeps, sender: Wakeable | undefined) {
  if (sender) senders.set(deps, sender);
  else senders.delete(deps);
}
export const wakeWebhookSender = (deps: AppDeps) => senders.get(deps)?.wake();

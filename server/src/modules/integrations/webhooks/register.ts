import type { ModuleRegistry } from '../../../registry.ts';
import { webhookConsumer } from './consumer.ts';
import { createWebhookSender } from './sender.ts';

/** The outbox consumer that queues deliveries and the sender that delivers them (events/flow.ts runs both). */
export function registerWebhooks(registry: ModuleRegistry): void {
  registry.outboxConsumer('webhooks', webhookConsumer);
  registry.backgroundWorker('webhooks', createWebhookSender);
}

import { assign, setup } from 'xstate';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 webhook event subscription (one event of a webhook application). */
export const WEBHOOK_EVENT_STATES = ['activo', 'deshabilitado'] as const;
export type WebhookEventState = (typeof WEBHOOK_EVENT_STATES)[number];

export type WebhookDisabledReason = 'manual' | 'delivery_failures';
export type WebhookEventContext = { disabledReason: WebhookDisabledReason | null };
export type WebhookEventInput = OptionalInput<Partial<WebhookEventContext>>;

export type WebhookEventEvent =
  /** One delivery attempt got no successful response; `attempt` counts from 1. */
  | { type: 'webhook.deliveryFailed'; attempt: number; maxAttempts: number }
  | { type: 'webhook.disable' }
  | { type: 'webhook.enable' };

export type WebhookEventEventType = WebhookEventEvent['type'];

export const webhookEventMachine = setup({
  types: {
    context: {} as WebhookEventContext,
    events: {} as WebhookEventEvent,
    input: {} as WebhookEventInput,
  },
  guards: {
    // docs/product.md §4/§8: disabled when every attempt of a delivery failed, i.e. the last retry failed
    // too. Earlier failures only schedule the next retry (no transition).
    isLastAttempt: ({ event }) =>
      event.type === 'webhook.deliveryFailed' && event.maxAttempts > 0 && event.attempt >= event.maxAttempts,
  },
  actions: {
    setDisabledReason: assign((_, params: { reason: WebhookDisabledReason }) => ({ disabledReason: params.reason })),
    clearDisabledReason: assign({ disabledReason: null }),
    // Effect, named here and never run by the machine: the module that sends these events will
    // perform it, as the server's commands do (docs/machines.md); none sends them yet: tell the
    // application's owners (docs/product.md §8 message).
    notifyDisabled: () => {},
  },
}).createMachine({
  id: 'webhookEvent',
  initial: 'activo',
  context: ({ input }) => ({ disabledReason: input?.disabledReason ?? null }),
  states: {
    activo: {
      on: {
        'webhook.deliveryFailed': {
          target: 'deshabilitado',
          guard: 'isLastAttempt',
          actions: [{ type: 'setDisabledReason', params: { reason: 'delivery_failures' } }, 'notifyDisabled'],
        },
        'webhook.disable': {
          target: 'deshabilitado',
          actions: { type: 'setDisabledReason', params: { reason: 'manual' } },
        },
      },
    },
    deshabilitado: {
      on: { 'webhook.enable': { target: 'activo', actions: 'clearDisabledReason' } },
    },
  },
});

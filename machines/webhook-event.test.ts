import { describe, expect, it } from 'vitest';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import {
  WEBHOOK_EVENT_STATES,
  webhookEventMachine,
  type WebhookDisabledReason,
  type WebhookEventState,
} from './webhook-event.ts';

const at = (value: WebhookEventState, disabledReason: WebhookDisabledReason | null = null) => ({
  value,
  context: { disabledReason },
});

describe('webhook event machine', () => {
  it('docs/product.md §4: generated paths walk every webhook event state and transition', async () => {
    const report = await walkModel(webhookEventMachine, {
      events: [
        { type: 'webhook.deliveryFailed', attempt: 1, maxAttempts: 5 },
        { type: 'webhook.deliveryFailed', attempt: 5, maxAttempts: 5 },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states', () => {
    expect(Object.keys(webhookEventMachine.root.states).sort()).toEqual([...WEBHOOK_EVENT_STATES].sort());
  });

  it('docs/product.md §4/§8: disabled automatically only when every attempt of a delivery failed', () => {
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(
        nextState(webhookEventMachine, at('activo'), { type: 'webhook.deliveryFailed', attempt, maxAttempts: 5 }).ok,
      ).toBe(false);
    }
    expect(
      nextState(webhookEventMachine, at('activo'), { type: 'webhook.deliveryFailed', attempt: 5, maxAttempts: 5 }),
    ).toEqual({
      ok: true,
      value: 'deshabilitado',
      context: { disabledReason: 'delivery_failures' },
      actions: ['notifyDisabled'],
    });
    expect(
      nextState(webhookEventMachine, at('deshabilitado', 'manual'), {
        type: 'webhook.deliveryFailed',
        attempt: 5,
        maxAttempts: 5,
      }).ok,
    ).toBe(false);
  });

  it('can be disabled by hand and re-enabled, which clears the reason', () => {
    expect(nextState(webhookEventMachine, at('activo'), { type: 'webhook.disable' })).toEqual({
      ok: true,
      value: 'deshabilitado',
      context: { disabledReason: 'manual' },
      actions: [],
    });
    expect(
      nextState(webhookEventMachine, at('deshabilitado', 'delivery_failures'), { type: 'webhook.enable' }),
    ).toEqual({ ok: true, value: 'activo', context: { disabledReason: null }, actions: [] });
    expect(nextState(webhookEventMachine, at('activo'), { type: 'webhook.enable' }).ok).toBe(false);
  });
});

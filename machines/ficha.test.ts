import { describe, expect, it } from 'vitest';
import { nextState } from './engine.ts';
import { FICHA_STATES, fichaMachine, type FichaContext, type FichaState } from './ficha.ts';
import { walkModel } from './testing/coverage.ts';
import { fichaCommands } from '#domain/fichas';

const DELIVERED = '2030-05-02T15:00:00.000Z';
const SCHEDULED = '2030-05-02T10:00:00.000Z';
const at = (value: FichaState, context: Partial<FichaContext> = {}) => ({
  value,
  context: {
    scheduledAt: SCHEDULED,
    deliveredAt: value === 'por_entregar' ? null : DELIVERED,
    isPassedToAfterSales: false,
    ...context,
  },
});

describe('ficha machine', () => {
  it('docs/product.md §4: generated paths walk every ficha state and transition', async () => {
    const report = await walkModel(fichaMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: fichaCommands,
      events: [
        { type: 'ficha.schedule', scheduledAt: SCHEDULED },
        { type: 'ficha.schedule', scheduledAt: '' },
        { type: 'ficha.deliver', deliveredAt: DELIVERED, pendingFailureCount: 0 },
        { type: 'ficha.deliver', deliveredAt: DELIVERED, pendingFailureCount: 3 },
        { type: 'ficha.deliver', deliveredAt: '', pendingFailureCount: 0 },
        { type: 'ficha.passToAfterSales', pendingFailureCount: 3 },
        { type: 'ficha.passToAfterSales', pendingFailureCount: 0 },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(fichaMachine.root.states).sort()).toEqual([...FICHA_STATES].sort());
  });

  it('docs/product.md §4: setting a delivery date delivers; with pending failures it is delivered with observations', () => {
    const fresh = at('por_entregar');
    expect(
      nextState(fichaMachine, fresh, { type: 'ficha.deliver', deliveredAt: DELIVERED, pendingFailureCount: 0 }),
    ).toMatchObject({
      ok: true,
      value: 'entregada',
      context: { deliveredAt: DELIVERED },
      // The appointment took place: the server settles it (machines/delivery-schedule.ts schedule.settle).
      actions: ['settleDeliverySchedule'],
    });
    expect(
      nextState(fichaMachine, fresh, { type: 'ficha.deliver', deliveredAt: DELIVERED, pendingFailureCount: 2 }),
    ).toMatchObject({ ok: true, value: 'entregada_obs' });
    // docs/product.md §5: the delivery date is required.
    expect(nextState(fichaMachine, fresh, { type: 'ficha.deliver', deliveredAt: '', pendingFailureCount: 0 }).ok).toBe(
      false,
    );
    expect(
      nextState(fichaMachine, at('entregada'), {
        type: 'ficha.deliver',
        deliveredAt: DELIVERED,
        pendingFailureCount: 0,
      }).ok,
    ).toBe(false);
  });

  it('docs/product.md §4: returning to new resets the schedule and the delivery date', () => {
    for (const from of ['entregada', 'entregada_obs'] as const) {
      expect(nextState(fichaMachine, at(from), { type: 'ficha.returnToNew' })).toEqual({
        ok: true,
        value: 'por_entregar',
        context: { scheduledAt: null, deliveredAt: null, isPassedToAfterSales: false },
        actions: ['cancelDeliverySchedule'],
      });
    }
    expect(nextState(fichaMachine, at('por_entregar'), { type: 'ficha.returnToNew' }).ok).toBe(false);
  });

  it('docs/product.md §4: cleaning removes every change, from any state', () => {
    for (const from of FICHA_STATES) {
      expect(nextState(fichaMachine, at(from), { type: 'ficha.clean' })).toEqual({
        ok: true,
        value: 'por_entregar',
        context: { scheduledAt: null, deliveredAt: null, isPassedToAfterSales: false },
        actions: ['cancelDeliverySchedule', 'clearFichaChanges'],
      });
    }
  });

  it('docs/product.md §4: passing to after-sales creates a ticket from pending failures, once, and then locks undoing the delivery', () => {
    const passed = nextState(fichaMachine, at('entregada_obs'), {
      type: 'ficha.passToAfterSales',
      pendingFailureCount: 2,
    });
    expect(passed).toMatchObject({
      ok: true,
      value: 'entregada_obs',
      context: { isPassedToAfterSales: true },
      actions: ['createTicketFromPendingFailures'],
    });
    expect(
      nextState(fichaMachine, at('entregada_obs'), { type: 'ficha.passToAfterSales', pendingFailureCount: 0 }).ok,
    ).toBe(false);
    expect(
      nextState(fichaMachine, at('por_entregar'), { type: 'ficha.passToAfterSales', pendingFailureCount: 2 }).ok,
    ).toBe(false);
    const locked = at('entregada_obs', { isPassedToAfterSales: true });
    expect(nextState(fichaMachine, locked, { type: 'ficha.passToAfterSales', pendingFailureCount: 2 }).ok).toBe(false);
    expect(nextState(fichaMachine, locked, { type: 'ficha.returnToNew' }).ok).toBe(false);
    expect(nextState(fichaMachine, locked, { type: 'ficha.clean' }).ok).toBe(false);
  });

  it('the delivery can be scheduled only before it happens, with a valid date', () => {
    expect(
      nextState(fichaMachine, at('por_entregar', { scheduledAt: null }), {
        type: 'ficha.schedule',
        scheduledAt: SCHEDULED,
      }),
    ).toMatchObject({ ok: true, value: 'por_entregar', context: { scheduledAt: SCHEDULED } });
    expect(nextState(fichaMachine, at('por_entregar'), { type: 'ficha.schedule', scheduledAt: 'pronto' }).ok).toBe(
      false,
    );
    expect(nextState(fichaMachine, at('entregada'), { type: 'ficha.schedule', scheduledAt: SCHEDULED }).ok).toBe(false);
  });
});

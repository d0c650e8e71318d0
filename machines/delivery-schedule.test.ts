import { describe, expect, it } from 'vitest';
import { DELIVERY_SCHEDULE_STATES, deliveryScheduleMachine, type DeliveryScheduleState } from './delivery-schedule.ts';
import { nextState } from './engine.ts';
import { walkModel } from './testing/coverage.ts';
import { deliveryScheduleCommands } from '#domain/fichas';

const START = '2030-06-15T14:00:00.000Z';
const at = (value: DeliveryScheduleState, startAt: string | null = START) => ({ value, context: { startAt } });
const answer = (by: 'owner' | 'staff', now: string) => ({ by, now, confirmationDeadlineHours: 48 }) as const;
const EARLY = '2030-06-01T10:00:00.000Z';
const LATE = '2030-06-14T10:00:00.000Z';

describe('delivery schedule machine', () => {
  it('docs/product.md §4: generated paths walk every delivery schedule state and transition', async () => {
    const report = await walkModel(deliveryScheduleMachine, {
      // The feature's command table (docs/modules.md §1): every event it lists is walked from every state that takes it.
      commands: deliveryScheduleCommands,
      input: { startAt: START },
      events: [
        { type: 'schedule.confirm', ...answer('owner', EARLY) },
        { type: 'schedule.confirm', ...answer('owner', LATE) },
        { type: 'schedule.reject', ...answer('owner', EARLY) },
        { type: 'schedule.reject', ...answer('owner', LATE) },
        { type: 'schedule.reschedule', startAt: '2030-06-20T14:00:00.000Z' },
        { type: 'schedule.reschedule', startAt: 'no es fecha' },
        { type: 'schedule.settle' },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
    expect(report.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: [] });
  });

  it('declares exactly the stored state ids', () => {
    expect(Object.keys(deliveryScheduleMachine.root.states).sort()).toEqual([...DELIVERY_SCHEDULE_STATES].sort());
  });

  it('docs/product.md §4: por confirmar → confirmada | rechazada; the owner answers until the configured time before', () => {
    // 48 h before START is 2030-06-13T14:00Z.
    expect(
      nextState(deliveryScheduleMachine, at('por_confirmar'), {
        type: 'schedule.confirm',
        ...answer('owner', '2030-06-13T14:00:00.000Z'),
      }),
    ).toMatchObject({ ok: true, value: 'confirmada', actions: ['notifyResponsible'] });
    expect(
      nextState(deliveryScheduleMachine, at('por_confirmar'), { type: 'schedule.confirm', ...answer('owner', LATE) })
        .ok,
    ).toBe(false);
    expect(
      nextState(deliveryScheduleMachine, at('por_confirmar'), { type: 'schedule.confirm', ...answer('staff', LATE) })
        .ok,
    ).toBe(true);
    expect(
      nextState(deliveryScheduleMachine, at('por_confirmar'), { type: 'schedule.reject', ...answer('owner', EARLY) }),
    ).toMatchObject({ ok: true, value: 'rechazada' });
    expect(
      nextState(deliveryScheduleMachine, at('confirmada'), { type: 'schedule.reject', ...answer('owner', LATE) }).ok,
    ).toBe(false);
    expect(
      nextState(deliveryScheduleMachine, at('rechazada'), { type: 'schedule.confirm', ...answer('owner', EARLY) }).ok,
    ).toBe(false);
  });

  it('a new date goes back to por confirmar and asks the owner again', () => {
    // A settled appointment takes no new date (the delivered ficha takes none either).
    for (const from of DELIVERY_SCHEDULE_STATES.filter((s) => s !== 'realizada')) {
      expect(
        nextState(deliveryScheduleMachine, at(from), { type: 'schedule.reschedule', startAt: '2030-07-01T10:00:00Z' }),
      ).toEqual({
        ok: true,
        value: 'por_confirmar',
        context: { startAt: '2030-07-01T10:00:00Z' },
        actions: ['notifyOwner'],
      });
    }
    expect(nextState(deliveryScheduleMachine, at('rechazada'), { type: 'schedule.reschedule', startAt: '' }).ok).toBe(
      false,
    );
  });

  it('docs/product.md §4: delivering the unit settles the appointment from any state; then nothing is left to answer', () => {
    for (const from of ['por_confirmar', 'confirmada', 'rechazada'] as const) {
      expect(nextState(deliveryScheduleMachine, at(from), { type: 'schedule.settle' })).toMatchObject({
        ok: true,
        value: 'realizada',
      });
    }
    const settled = at('realizada');
    expect(
      nextState(deliveryScheduleMachine, settled, { type: 'schedule.confirm', ...answer('staff', EARLY) }).ok,
    ).toBe(false);
    expect(nextState(deliveryScheduleMachine, settled, { type: 'schedule.reject', ...answer('staff', EARLY) }).ok).toBe(
      false,
    );
    expect(nextState(deliveryScheduleMachine, settled, { type: 'schedule.settle' }).ok).toBe(false);
  });
});

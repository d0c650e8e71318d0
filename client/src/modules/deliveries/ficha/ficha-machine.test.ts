import { describe, expect, it } from 'vitest';
import { fichaEventsAllowed, scheduleEventsAllowed } from './ficha-machine.ts';
import { scheduleView } from '../test/fixtures.ts';

const base = { scheduled_delivery_at: null, delivery_date: null, is_passed_to_after_sales: false, pending_failures: 0 };

// docs/product.md §4 Ficha: the header buttons are the events the ficha machine accepts in the stored state.
describe('ficha header actions from the machine (docs/product.md §4 Ficha)', () => {
  it('por entregar: schedule, deliver and clean; nothing to undo or pass yet', () => {
    expect(fichaEventsAllowed({ ...base, state: 'por_entregar' })).toEqual([
      'ficha.schedule',
      'ficha.deliver',
      'ficha.clean',
    ]);
  });

  it('entregada without pending failures: return to new and clean, no pass to after-sales', () => {
    expect(fichaEventsAllowed({ ...base, state: 'entregada', delivery_date: '2026-03-01' })).toEqual([
      'ficha.returnToNew',
      'ficha.clean',
    ]);
  });

  it('entregada con observaciones: pass to after-sales is offered while failures are pending', () => {
    const facts = { ...base, state: 'entregada_obs' as const, delivery_date: '2026-03-01', pending_failures: 2 };
    expect(fichaEventsAllowed(facts)).toEqual(['ficha.returnToNew', 'ficha.clean', 'ficha.passToAfterSales']);
  });

  it('once passed to after-sales nothing can undo the delivery (the ticket holds its failures)', () => {
    expect(
      fichaEventsAllowed({ ...base, state: 'entregada_obs', is_passed_to_after_sales: true, pending_failures: 2 }),
    ).toEqual([]);
  });

  it('an unknown stored state offers no action rather than a wrong one', () => {
    expect(fichaEventsAllowed({ ...base, state: 'archivada' as never })).toEqual([]);
  });
});

describe('delivery schedule answers (docs/product.md §4 delivery schedule: to confirm → confirmed or rejected)', () => {
  const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
  it('a schedule to confirm can be confirmed or rejected by staff', () => {
    expect(scheduleEventsAllowed(scheduleView({ id: 1, state: 'por_confirmar', start_at: soon }))).toEqual([
      'schedule.confirm',
      'schedule.reject',
    ]);
  });
  it('no schedule, no answers', () => {
    expect(scheduleEventsAllowed(null)).toEqual([]);
  });
});

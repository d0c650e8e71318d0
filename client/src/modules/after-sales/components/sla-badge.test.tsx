import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import type { TicketRow } from '../api/types.ts';
import { TicketTable } from '../solicitudes/ticket-table.tsx';
import { durationParts, SlaBadge } from './sla-badge.tsx';

type Sla = NonNullable<TicketRow['sla']>;
const sla = (patch: Partial<Sla>): Sla => ({
  clock: 'response',
  target_hours: 48,
  elapsed_minutes: 0,
  remaining_minutes: 0,
  due_at: null,
  paused: false,
  stopped_at: null,
  status: 'on_time',
  ...patch,
});

afterEach(() => vi.restoreAllMocks());

describe('SLA badge (docs/product.md §4 Ticket clocks)', () => {
  it('says which clock, and the time left or how late, in the largest unit that reads well', () => {
    expect(durationParts(45)).toEqual({ unit: 'minutes', count: 45 });
    expect(durationParts(-12 * 60)).toEqual({ unit: 'hours', count: 12 });
    expect(durationParts(3 * 24 * 60 + 59)).toEqual({ unit: 'days', count: 3 });
    renderWithProviders(<SlaBadge sla={sla({ status: 'due_soon', remaining_minutes: 5 * 60 })} />);
    expect(screen.getByTestId('sla-badge').textContent).toBe('Respuesta · Vence en 5 h');
  });

  it('overdue, paused (late or not) and the outcome of a stopped clock', () => {
    const { rerender } = renderWithProviders(
      <SlaBadge sla={sla({ clock: 'resolution', status: 'overdue', remaining_minutes: -3 * 24 * 60 })} />,
    );
    const badge = () => screen.getByTestId('sla-badge');
    expect(badge().textContent).toBe('Resolución · Vencida hace 3 días');
    expect(badge().dataset.status).toBe('overdue');
    rerender(<SlaBadge sla={sla({ status: 'paused', paused: true, remaining_minutes: 23 * 60 })} />);
    expect(badge().textContent).toBe('Respuesta · En pausa, quedan 23 h');
    rerender(<SlaBadge sla={sla({ status: 'paused', paused: true, remaining_minutes: -90 })} />);
    expect(badge().textContent).toBe('Respuesta · En pausa, vencida hace 1 h');
    rerender(<SlaBadge sla={sla({ clock: 'resolution', status: 'missed', remaining_minutes: -60 })} />);
    expect(badge().textContent).toBe('Resolución · Fuera de plazo');
    rerender(<SlaBadge sla={null} />);
    expect(screen.queryByTestId('sla-badge')).toBeNull();
  });

  it('the list has a Plazo column with the compact badge, the clock in its accessible name', () => {
    const row = {
      id: 7,
      code: 'PLD-00007',
      number: 7,
      subject: 'Filtración',
      state: 'abierta',
      previous_state: null,
      priority: 'high',
      origin: 'WEB',
      project: { id: 3, name: 'Edificio Parque' },
      tower: null,
      unit: { id: 1, number: '101' },
      applicant: null,
      responsible: null,
      merged_into_id: null,
      progress: { total: 0, done: 0, percent: 0 },
      ready_to_resolve: false,
      created_at: '2026-11-01T12:00:00.000Z',
      updated_at: '2026-11-01T12:00:00.000Z',
      sla: sla({ status: 'overdue', remaining_minutes: -12 * 60 }),
    } satisfies TicketRow;
    // jsdom lays nothing out: give the virtualised scroller a height so it renders the row.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    renderWithProviders(<TicketTable rows={[row]} selected={new Set()} onToggle={() => {}} onTogglePage={() => {}} />);
    expect(screen.getByRole('columnheader', { name: 'Plazo' })).toBeTruthy();
    const badge = screen.getByTestId('sla-badge');
    expect(badge.textContent).toBe('Vencida hace 12 h');
    expect(badge.getAttribute('aria-label')).toBe('Respuesta · Vencida hace 12 h');
  });
});

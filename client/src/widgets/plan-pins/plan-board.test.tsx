import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlanBoard as Board } from '#domain/plan-pins-responses';
import { renderWithProviders } from '../../test/render.tsx';
import { PlanBoard } from './plan-board.tsx';

const board: Board = {
  unit_id: 5,
  plans: [{ id: 7, name: 'Planta tipo A', url: '/api/v2/public/files/1/plano.png', type: 'image/png' }],
  failures: [
    {
      kind: 'failure',
      id: 11,
      number: 1,
      ticket_id: 3,
      label: 'Muro · Fisura en muro',
      state: 'solucionada',
      can_pin: false,
      pin: { plan_id: 7, page: 1, x: 0.2, y: 0.4 },
    },
    {
      kind: 'failure',
      id: 12,
      number: 2,
      ticket_id: 3,
      label: 'Ventana · Vidrio trizado',
      state: 'pendiente',
      can_pin: true,
      pin: null,
    },
  ],
};

/** jsdom lays nothing out: the plan answers a 400 × 200 box at the origin. */
function layOut(surface: HTMLElement) {
  surface.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0 }) as DOMRect;
}

describe('PlanBoard (docs/product.md#defects-on-plans)', () => {
  it('shows the image plan with numbered pins named for screen readers, a legend and the numbered list', async () => {
    renderWithProviders(<PlanBoard board={board} onPin={vi.fn()} />);
    expect(
      (await screen.findByAltText('Plano Planta tipo A', undefined, { timeout: 15_000 })).getAttribute('src'),
    ).toBe(board.plans[0].url);
    const pin = screen.getByTestId('plan-pin-1');
    expect(pin.getAttribute('aria-label')).toBe('Falla 1: Muro · Fisura en muro, Solucionada');
    expect(pin.textContent).toBe('1');
    // Only placed failures have a pin; the list names every one with its number and where it is.
    expect(screen.queryByTestId('plan-pin-2')).toBeNull();
    const list = screen.getByRole('list', { name: 'Fallas de la unidad' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Pendiente · sin ubicar')).toBeTruthy();
    expect(within(list).getByText('Solucionada · en Planta tipo A')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Estados de las fallas' });
    expect(within(legend).getByText('Solucionada')).toBeTruthy();
    expect(within(legend).getByText('Pendiente')).toBeTruthy();
    // Only the failures the caller may move offer a place button.
    expect(screen.queryByTestId('plan-place-1')).toBeNull();
  });

  it('places a failure by tapping the plan, where the tap fell', async () => {
    const user = userEvent.setup();
    const onPin = vi.fn();
    renderWithProviders(<PlanBoard board={board} onPin={onPin} />);
    await user.click(await screen.findByRole('button', { name: 'Ubicar la falla 2 en el plano' }, { timeout: 15_000 }));
    expect(screen.getByTestId('plan-placing').textContent).toContain('Toca el plano donde está la falla 2');
    const surface = screen.getByTestId('plan-surface');
    layOut(surface);
    fireEvent.click(surface, { clientX: 100, clientY: 150 });
    expect(onPin).toHaveBeenCalledWith(expect.objectContaining({ id: 12, number: 2 }), {
      plan_id: 7,
      page: 1,
      x: 0.25,
      y: 0.75,
    });
    expect(screen.queryByTestId('plan-placing')).toBeNull();
  });

  it('places a failure from the keyboard: arrows move the mark, Enter drops the pin', async () => {
    const user = userEvent.setup();
    const onPin = vi.fn();
    renderWithProviders(<PlanBoard board={board} onPin={onPin} />);
    await user.click(await screen.findByTestId('plan-place-2'));
    const surface = screen.getByRole('button', { name: /Plano: ubicar la falla 2/ });
    surface.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}{Enter}');
    expect(onPin).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }), { plan_id: 7, page: 1, x: 0.54, y: 0.6 });
  });

  it('says so when the unit type has no plans', async () => {
    renderWithProviders(<PlanBoard board={{ ...board, plans: [] }} onPin={vi.fn()} />);
    expect(await screen.findByText(/no tiene planos/)).toBeTruthy();
  });
});

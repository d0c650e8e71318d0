import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import type { SortValue } from './sort-selector.tsx';
import { SortSelector, toggleDirection } from './sort-selector.tsx';

const fields = [
  { id: 'created_at', name: 'Fecha de creación' },
  { id: 'subject', name: 'Asunto' },
];

function Controlled({
  initial,
  spy,
  allowNone,
}: {
  initial: SortValue;
  spy: (v: SortValue) => void;
  allowNone?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <SortSelector
      fields={fields}
      value={value}
      allowNone={allowNone}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

describe('SortSelector (docs/product.md §3 sort field; direction flag true = descending)', () => {
  it('flips only the direction flag', () => {
    expect(toggleDirection({ sortBy: 'subject', descending: false })).toEqual({ sortBy: 'subject', descending: true });
    expect(toggleDirection({ sortBy: 'subject', descending: true })).toEqual({ sortBy: 'subject', descending: false });
  });

  it('toggles descending and shows it as a pressed toggle', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={{ sortBy: 'created_at', descending: false }} spy={spy} />);
    const toggle = screen.getByRole('button', { name: 'Orden descendente' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('title')).toBe('Orden ascendente');
    await user.click(toggle);
    expect(spy).toHaveBeenLastCalledWith({ sortBy: 'created_at', descending: true });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('title')).toBe('Orden descendente');
  });

  it('changes the field keeping the chosen direction', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={{ sortBy: 'created_at', descending: true }} spy={spy} />);
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Asunto');
    expect(spy).toHaveBeenLastCalledWith({ sortBy: 'subject', descending: true });
  });

  it('offers no order when allowed, and then has no direction to flip', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={{ sortBy: 'subject', descending: false }} spy={spy} allowNone />);
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Sin orden');
    expect(spy).toHaveBeenLastCalledWith({ sortBy: null, descending: false });
    expect((screen.getByRole('button', { name: 'Orden descendente' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

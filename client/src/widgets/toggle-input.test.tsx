import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import type { ToggleInputProps } from './toggle-input.tsx';
import { ToggleInput } from './toggle-input.tsx';

function Controlled(
  props: Omit<ToggleInputProps, 'checked' | 'onChange'> & { initial?: boolean; onChange: ToggleInputProps['onChange'] },
) {
  const { initial = false, onChange, ...rest } = props;
  const [checked, setChecked] = useState(initial);
  return (
    <ToggleInput
      {...rest}
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        return onChange(next);
      }}
    />
  );
}

describe('ToggleInput (docs/product.md §2)', () => {
  it('switches on and off by click and keyboard, with its label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <Controlled
        label="Categoría activa"
        onChange={onChange}
        stateLabels
        description="Se muestra al crear solicitudes"
      />,
    );
    const toggle = screen.getByRole('checkbox', { name: 'Categoría activa' }) as HTMLInputElement;
    expect(screen.getByText('No')).toBeTruthy();
    expect(screen.getByText('Se muestra al crear solicitudes')).toBeTruthy();
    await user.click(toggle);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(toggle.checked).toBe(true);
    expect(screen.getByText('Sí')).toBeTruthy();
    toggle.focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('uses the caller’s state words', () => {
    renderWithProviders(
      <ToggleInput
        label="Integración"
        checked
        stateLabels={{ on: 'Activada', off: 'Desactivada' }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Activada')).toBeTruthy();
  });

  it('does nothing when disabled or read-only', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <ToggleInput label="Bloqueado" checked={false} disabled onChange={onChange} />
        <ToggleInput label="Solo lectura" checked={false} readOnly onChange={onChange} />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Bloqueado' }));
    await user.click(screen.getByText('Solo lectura'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('waits, busy and locked, while an activation request is in flight', async () => {
    const user = userEvent.setup();
    let settle!: () => void;
    const onChange = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    renderWithProviders(<Controlled label="Webhook" onChange={onChange} />);
    const toggle = screen.getByRole('checkbox', { name: 'Webhook' }) as HTMLInputElement;
    await user.click(toggle);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(toggle.disabled).toBe(true);
    expect(toggle.closest('[aria-busy="true"]')).not.toBeNull();
    await user.click(toggle);
    expect(onChange).toHaveBeenCalledTimes(1);
    await act(async () => settle());
    expect(toggle.disabled).toBe(false);
    expect(toggle.closest('[aria-busy="true"]')).toBeNull();
  });

  it('stops waiting when the request fails', async () => {
    const user = userEvent.setup();
    let fail!: (e: Error) => void;
    renderWithProviders(
      <Controlled label="Webhook" onChange={() => new Promise<void>((_, reject) => (fail = reject))} />,
    );
    const toggle = screen.getByRole('checkbox', { name: 'Webhook' }) as HTMLInputElement;
    await user.click(toggle);
    expect(toggle.disabled).toBe(true);
    await act(async () => fail(new Error('500')));
    expect(toggle.disabled).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOM_FIELD_OPTIONS_MAX } from '#domain/limits';
import { renderWithProviders } from '../test/render.tsx';
import type { EditableOption } from './options-list.ts';
import { addOption, moveOption, optionKey, removeOption, toggleOptionDisabled } from './options-list.ts';
import { OptionsListEditor } from './options-list-editor.tsx';

const saved: EditableOption[] = [
  { id: 1, name: 'Rojo', disabled: false },
  { id: 2, name: 'Verde', disabled: true },
];

describe('options-list rules (docs/product.md §5)', () => {
  it('adds trimmed names at the end as new, enabled items', () => {
    expect(addOption(saved, '  Azul  ', 50)).toEqual({
      list: [...saved, { id: null, name: 'Azul', disabled: false }],
      outcome: 'added',
    });
  });

  it('ignores empty names and case-insensitive duplicates', () => {
    expect(addOption(saved, '   ', 50)).toEqual({ list: saved, outcome: 'empty' });
    expect(addOption(saved, ' ROJO ', 50)).toEqual({ list: saved, outcome: 'duplicate' });
    expect(addOption(saved, 'verde', 50).outcome).toBe('duplicate'); // disabled items still count
  });

  it('refuses a new item at the maximum, counting disabled ones', () => {
    expect(addOption(saved, 'Azul', 2)).toEqual({ list: saved, outcome: 'max' });
    expect(addOption(saved, 'Azul', 3).outcome).toBe('added');
  });

  it('removes only new items and toggles only saved ones', () => {
    const withNew = addOption(saved, 'Azul', 50).list;
    expect(removeOption(withNew, 'new:azul')).toEqual(saved);
    expect(removeOption(withNew, 'id:1')).toEqual(withNew);
    expect(toggleOptionDisabled(withNew, 'id:2')[1]).toEqual({ id: 2, name: 'Verde', disabled: false });
    expect(toggleOptionDisabled(withNew, 'new:azul')).toEqual(withNew);
  });

  it('moves an item to another item’s place', () => {
    const list = addOption(saved, 'Azul', 50).list;
    expect(moveOption(list, 'new:azul', 'id:1').map((o) => o.name)).toEqual(['Azul', 'Rojo', 'Verde']);
    expect(moveOption(list, 'id:1', 'new:azul').map((o) => o.name)).toEqual(['Verde', 'Azul', 'Rojo']);
    expect(moveOption(list, 'id:1', 'missing')).toBe(list);
    expect(list.map(optionKey)).toEqual(['id:1', 'id:2', 'new:azul']);
  });
});

function Controlled({
  initial,
  spy,
  max,
}: {
  initial: EditableOption[];
  spy: (v: EditableOption[]) => void;
  max?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <OptionsListEditor
      value={value}
      max={max}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

const names = () => screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);

// Generous timeout: every keystroke re-renders the sortable list in happy-dom on a shared 2-core machine.
describe('OptionsListEditor (docs/product.md §5)', { timeout: 20_000 }, () => {
  it('adds a trimmed option with Enter or the button and counts n / max', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={saved} spy={spy} />);
    expect(screen.getByTestId('options-counter').textContent).toBe(`2 / ${CUSTOM_FIELD_OPTIONS_MAX}`);
    const box = screen.getByLabelText('Nueva opción') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '  Azul ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(spy).toHaveBeenLastCalledWith([...saved, { id: null, name: 'Azul', disabled: false }]);
    expect(box.value).toBe('');
    fireEvent.change(box, { target: { value: 'Negro' } });
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(names()).toEqual(['Rojo', 'Verde', 'Azul', 'Negro']);
    expect(screen.getByTestId('options-counter').textContent).toBe('4 / 50');
  });

  it('ignores a duplicate in any case and tells why', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={saved} spy={spy} />);
    await user.type(screen.getByLabelText('Nueva opción'), 'rOJo{Enter}');
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByText('La opción «rOJo» ya existe').getAttribute('role')).toBe('status');
  });

  it('refuses new entries at the maximum, with the counter at max / max', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    const full = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `Op ${i + 1}`, disabled: false }));
    renderWithProviders(<Controlled initial={full} spy={spy} max={3} />);
    expect(screen.getByTestId('options-counter').textContent).toBe('3 / 3');
    expect(screen.getByText('Se alcanzó el máximo de 3 opciones').getAttribute('role')).toBe('status');
    expect((screen.getByRole('button', { name: 'Agregar' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Nueva opción'), 'Otra{Enter}');
    expect(spy).not.toHaveBeenCalled();
    expect(names()).toEqual(['Op 1', 'Op 2', 'Op 3']);
  });

  it('reaches the maximum by adding, then refuses', async () => {
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={saved} spy={spy} max={3} />);
    const box = screen.getByLabelText('Nueva opción');
    for (const name of ['Azul', 'Negro']) {
      fireEvent.change(box, { target: { value: name } });
      fireEvent.keyDown(box, { key: 'Enter' });
    }
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('options-counter').textContent).toBe('3 / 3');
  });

  it('lets new items be removed and saved ones only be disabled or enabled', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={[...saved, { id: null, name: 'Azul', disabled: false }]} spy={spy} />);
    expect(screen.queryByRole('button', { name: 'Quitar «Rojo»' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Quitar «Verde»' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Opción «Azul» habilitada' })).toBeNull();

    const verde = screen.getByRole('checkbox', { name: 'Opción «Verde» habilitada' }) as HTMLInputElement;
    expect(verde.checked).toBe(false);
    expect(getComputedStyle(screen.getByText('Verde')).textDecoration).toBe('line-through');
    await user.click(verde);
    expect(spy).toHaveBeenLastCalledWith([
      saved[0],
      { id: 2, name: 'Verde', disabled: false },
      { id: null, name: 'Azul', disabled: false },
    ]);

    await user.click(screen.getByRole('checkbox', { name: 'Opción «Rojo» habilitada' }));
    expect(spy.mock.lastCall![0][0]).toEqual({ id: 1, name: 'Rojo', disabled: true });

    await user.click(screen.getByRole('button', { name: 'Quitar «Azul»' }));
    expect(names()).toEqual(['Rojo', 'Verde']);
  });

  it('reorders by keyboard drag on the handle', async () => {
    // happy-dom has no layout: give each row a 40 px slot so dnd-kit can measure positions.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const row = this.closest('[data-option-key]');
      const index = row ? [...row.parentElement!.children].indexOf(row) : 0;
      const top = index * 40;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        bottom: top + 40,
        right: 300,
        width: 300,
        height: 40,
        toJSON: () => ({}),
      } as DOMRect;
    });
    try {
      const spy = vi.fn();
      renderWithProviders(<Controlled initial={[...saved, { id: 3, name: 'Azul', disabled: false }]} spy={spy} />);
      const handle = screen.getByRole('button', { name: 'Arrastrar «Rojo» para reordenar' });
      handle.focus();
      fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
      // The live region says where the item is (dnd-kit replaces the pick-up message at once).
      await screen.findByText('La opción «Rojo» está sobre la posición 1 de 3');
      fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
      await screen.findByText('La opción «Rojo» está sobre la posición 2 de 3');
      fireEvent.keyDown(document, { key: ' ', code: 'Space' });
      await screen.findByText('Soltó la opción «Rojo» en la posición 2 de 3');
      expect(spy.mock.lastCall![0].map((o: EditableOption) => o.name)).toEqual(['Verde', 'Rojo', 'Azul']);
      expect(within(screen.getAllByRole('listitem')[1]!).getByText('Rojo')).toBeTruthy();
    } finally {
      rect.mockRestore();
    }
  });
});

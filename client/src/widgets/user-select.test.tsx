import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import type { UserOption } from './user-option.ts';
import { normalizeUserOption, visibleUsers } from './user-option.ts';
import { UserSelect } from './user-select.tsx';

const v1: UserOption[] = [
  { id: 1, name: 'Ana Pérez', id_login: 'aperez', acronimo: 'AP', disponible: '1', eliminado: '0' },
  { id: 2, name: 'Bruno Díaz', id_login: 'bdiaz', acronimo: 'BD', disponible: '0', eliminado: '0' },
  { id: 3, name: 'Carla Soto', id_login: 'csoto', acronimo: 'CS', disponible: '1', eliminado: '1' },
];
const v2: UserOption[] = [
  { full_name: 'Diego Rivas', username: 'drivas', acronym: 'DR', image_url: null, is_enabled: true },
  { full_name: 'Elena Mora', username: 'emora', is_enabled: false },
];

describe('user option shapes (docs/product.md §3)', () => {
  it('normalises the v1 shape: eliminado "1" is deleted, disponible gives availability', () => {
    expect(normalizeUserOption(v1[0]!)).toEqual({
      value: '1',
      name: 'Ana Pérez',
      login: 'aperez',
      acronym: 'AP',
      imageUrl: null,
      isDeleted: false,
      isAvailable: true,
    });
    expect(normalizeUserOption(v1[1]!).isAvailable).toBe(false);
    expect(normalizeUserOption(v1[2]!).isDeleted).toBe(true);
    expect(normalizeUserOption({ id: 9, name: 'Sin Datos' })).toMatchObject({
      acronym: 'SD',
      isDeleted: false,
      isAvailable: null,
      login: null,
    });
  });

  it('normalises the v2 shape: username is the value without id, disabled counts as deleted', () => {
    expect(normalizeUserOption(v2[0]!)).toEqual({
      value: 'drivas',
      name: 'Diego Rivas',
      login: 'drivas',
      acronym: 'DR',
      imageUrl: null,
      isDeleted: false,
      isAvailable: null,
    });
    expect(normalizeUserOption(v2[1]!)).toMatchObject({ acronym: 'EM', isDeleted: true });
    expect(normalizeUserOption({ id: 7, full_name: 'F G', username: 'fg' }).value).toBe('7');
  });

  it('hides deleted users unless they are selected (docs/product.md §4)', () => {
    expect(visibleUsers(v1, []).map((u) => u.value)).toEqual(['1', '2']);
    expect(visibleUsers(v1, ['3']).map((u) => u.value)).toEqual(['1', '2', '3']);
    expect(visibleUsers(v2, []).map((u) => u.value)).toEqual(['drivas']);
  });
});

/** The CSS rules that apply to an element (happy-dom does not resolve Chakra's colour variables). */
function matchedCss(el: Element): string {
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      const selector = (rule as CSSStyleRule).selectorText;
      if (selector && el.matches(selector)) rules.push(rule.cssText);
    }
  }
  return rules.join('\n');
}

function Single({
  initial = null,
  spy,
  options = v1,
}: {
  initial?: string | null;
  spy?: (v: string | null) => void;
  options?: UserOption[];
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <UserSelect
      label="Responsable"
      options={options}
      value={value}
      clearable
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

async function openList(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Responsable' }));
  return screen.findByRole('listbox');
}

describe('UserSelect (docs/product.md §2, §4)', () => {
  it('lists active users with their availability and selects one', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Single spy={spy} />);
    const list = await openList(user);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => within(o).getByText(/ /, { selector: 'p' }).textContent)).toEqual([
      'Ana Pérez',
      'Bruno Díaz',
    ]);
    const available = within(options[0]!).getByText('Disponible');
    const unavailable = within(options[1]!).getByText('No disponible');
    expect(available.getAttribute('data-available')).toBe('true');
    expect(unavailable.getAttribute('data-available')).toBe('false');
    expect(matchedCss(available)).toContain('var(--chakra-colors-green-500)');
    expect(matchedCss(unavailable)).toContain('var(--chakra-colors-red-500)');
    await user.click(options[1]!);
    expect(spy).toHaveBeenLastCalledWith('2');
  });

  it('hides a deleted user who is not selected', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Single />);
    const list = await openList(user);
    expect(within(list).queryByText('Carla Soto')).toBeNull();
  });

  it('keeps a selected deleted user, struck through and greyed, in the field and the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Single initial="3" />);
    const trigger = screen.getByRole('combobox', { name: 'Responsable' });
    const shown = within(trigger).getByText('Carla Soto', { exact: false });
    expect(getComputedStyle(shown).textDecoration).toBe('line-through');
    expect(matchedCss(shown)).toContain('color: var(--chakra-colors-fg-subtle)');
    expect(within(trigger).getByText('(Usuario eliminado)', { exact: false })).toBeTruthy();
    const list = await openList(user);
    const option = within(list).getByRole('option', { name: /Carla Soto/ });
    expect(getComputedStyle(within(option).getByText('Carla Soto', { exact: false })).textDecoration).toBe(
      'line-through',
    );
    expect(
      getComputedStyle(
        within(list)
          .getByRole('option', { name: /Ana Pérez/ })
          .querySelector('p')!,
      ).textDecoration,
    ).not.toBe('line-through');
  });

  it('drops the deleted user from the list once another is chosen', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Single initial="3" spy={spy} />);
    let list = await openList(user);
    await user.click(within(list).getByRole('option', { name: /Ana Pérez/ }));
    expect(spy).toHaveBeenLastCalledWith('1');
    list = await openList(user);
    expect(within(list).queryByText('Carla Soto', { exact: false })).toBeNull();
  });

  it('clears the selection', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithProviders(<Single initial="1" spy={spy} />);
    await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it('works with the v2 shape and in multiple mode', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    function Multi() {
      const [value, setValue] = useState<string[]>(['emora']);
      return (
        <UserSelect
          multiple
          label="Responsable"
          options={v2}
          value={value}
          onChange={(v) => {
            spy(v);
            setValue(v);
          }}
        />
      );
    }
    renderWithProviders(<Multi />);
    const trigger = screen.getByRole('combobox', { name: 'Responsable' });
    expect(getComputedStyle(within(trigger).getByText('Elena Mora')).textDecoration).toBe('line-through');
    const list = await openList(user);
    await user.click(within(list).getByRole('option', { name: /Diego Rivas/ }));
    expect(spy).toHaveBeenLastCalledWith(['emora', 'drivas']);
    expect(within(list).queryByText('Disponible')).toBeNull(); // v2 rows carry no availability
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BULK_SELECTION_MAX, FILTER_LIST_DEBOUNCE_MS } from '#domain/limits';
import { renderWithProviders } from '../test/render.tsx';
import type { FilterOption } from './multi-select-filter.tsx';
import { MULTI_SELECT_RENDER_CAP, MultiSelectFilter, toggleSelection } from './multi-select-filter.tsx';

afterEach(() => vi.useRealTimers());

const units: FilterOption[] = Array.from({ length: 60 }, (_, i) => ({ value: `u${i + 1}`, label: `Depto ${i + 1}` }));
const states: FilterOption[] = [
  { value: 'N', label: 'Nueva' },
  { value: 'A', label: 'Abierta' },
  { value: 'P', label: 'Pendiente' },
  { value: 'F', label: 'Finalizada' },
];

function Controlled({
  options,
  initial = [],
  spy,
  onSearchChange,
}: {
  options: FilterOption[];
  initial?: string[];
  spy?: (v: string[]) => void;
  onSearchChange?: (t: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MultiSelectFilter
      label="Estado"
      options={options}
      value={value}
      onSearchChange={onSearchChange}
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

async function open() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Estado/ }));
  return { user, list: await screen.findByRole('group', { name: 'Estado' }) };
}

describe('toggleSelection (docs/product.md §5: bulk filters hold at most 50 records)', () => {
  it('adds, removes and refuses past the maximum', () => {
    expect(toggleSelection([], 'a', 50)).toEqual(['a']);
    expect(toggleSelection(['a', 'b'], 'a', 50)).toEqual(['b']);
    const full = Array.from({ length: 50 }, (_, i) => String(i));
    expect(toggleSelection(full, 'x', 50)).toBe(full);
    expect(toggleSelection(full, '0', 50)).toHaveLength(49);
  });
});

// Generous timeout: these render up to 100 rows in happy-dom on a shared 2-core machine.
describe('MultiSelectFilter (docs/product.md §2, §9)', { timeout: 20_000 }, () => {
  it('selects and unselects options and counts them on the trigger', async () => {
    const spy = vi.fn();
    renderWithProviders(<Controlled options={states} spy={spy} />);
    const { user, list } = await open();
    await user.click(within(list).getByRole('checkbox', { name: 'Abierta' }));
    expect(spy).toHaveBeenLastCalledWith(['A']);
    await user.click(within(list).getByRole('checkbox', { name: 'Finalizada' }));
    expect(spy).toHaveBeenLastCalledWith(['A', 'F']);
    expect(screen.getByText('2 / 50 seleccionados')).toBeTruthy();
    await user.click(within(list).getByRole('checkbox', { name: 'Abierta' }));
    expect(spy).toHaveBeenLastCalledWith(['F']);
    await user.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(spy).toHaveBeenLastCalledWith([]);
  });

  it('locks unchecked rows at 50 selected and says so', async () => {
    const spy = vi.fn();
    const first50 = units.slice(0, BULK_SELECTION_MAX).map((u) => u.value);
    renderWithProviders(<Controlled options={units} initial={first50.slice(0, 49)} spy={spy} />);
    const { user, list } = await open();
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(within(list).getByLabelText('Depto 50'));
    expect(spy).toHaveBeenLastCalledWith(first50);
    expect(screen.getByRole('status').textContent).toBe('Puede seleccionar como máximo 50 elementos');
    const fiftyFirst = within(list).getByLabelText('Depto 51') as HTMLInputElement;
    expect(fiftyFirst.disabled).toBe(true);
    await user.click(fiftyFirst);
    expect(spy).toHaveBeenCalledTimes(1);
    // A selected row can still be unchecked, which frees a place.
    await user.click(within(list).getByLabelText('Depto 1'));
    expect(spy).toHaveBeenLastCalledWith(first50.slice(1));
    expect((within(list).getByLabelText('Depto 51') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('filters its own list 250 ms after the last keystroke, ignoring accents and case', async () => {
    renderWithProviders(<Controlled options={[...states, { value: 'X', label: 'Anulación' }]} />);
    const { list } = await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByRole('searchbox', { name: 'Buscar en Estado' });
    fireEvent.change(box, { target: { value: 'anulacion' } });
    act(() => vi.advanceTimersByTime(FILTER_LIST_DEBOUNCE_MS - 1));
    expect(within(list).getAllByRole('checkbox')).toHaveLength(5);
    act(() => vi.advanceTimersByTime(1));
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Anulación']);
    fireEvent.change(box, { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(FILTER_LIST_DEBOUNCE_MS));
    expect(within(list).getByText('Sin resultados')).toBeTruthy();
  });

  it('hands the search to the server after 250 ms when asked to, without filtering locally', async () => {
    const onSearch = vi.fn();
    renderWithProviders(<Controlled options={states} onSearchChange={onSearch} />);
    const { list } = await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByRole('searchbox', { name: 'Buscar en Estado' });
    fireEvent.change(box, { target: { value: 'ab' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'abi ' } });
    act(() => vi.advanceTimersByTime(FILTER_LIST_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('abi');
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4);
  });

  it('keeps the dropdown at least 300 px wide and the list at most 250 px high in 48 px rows (docs/product.md §9)', async () => {
    renderWithProviders(<Controlled options={states} />);
    const { list } = await open();
    expect(getComputedStyle(list).maxHeight).toBe('250px');
    expect(getComputedStyle(list).overflowY).toBe('auto');
    const row = within(list).getByRole('checkbox', { name: 'Nueva' }).closest('label')!;
    expect(getComputedStyle(row).height).toBe('48px');
    const content = list.closest('[data-part="content"]')!;
    expect(getComputedStyle(content).minWidth).toBe('300px');
  });

  it('renders at most the cap of rows and asks to narrow the search', async () => {
    const many = Array.from({ length: MULTI_SELECT_RENDER_CAP + 5 }, (_, i) => ({
      value: String(i),
      label: `Item ${i}`,
    }));
    renderWithProviders(<Controlled options={many} />);
    const { list } = await open();
    expect(list.querySelectorAll('input[type="checkbox"]')).toHaveLength(MULTI_SELECT_RENDER_CAP);
    expect(
      screen.getByText(
        `Se muestran ${MULTI_SELECT_RENDER_CAP} de ${MULTI_SELECT_RENDER_CAP + 5}; escriba para acotar la búsqueda`,
      ),
    ).toBeTruthy();
  });
});

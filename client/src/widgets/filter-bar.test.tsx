import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS } from '#domain/limits';
import { renderWithProviders } from '../test/render.tsx';
import { FilterBar } from './filter-bar.tsx';

type HappyWindow = Window & { happyDOM: { setViewport: (v: { width: number; height: number }) => void } };
const setViewportWidth = (width: number) =>
  (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 800 });

afterEach(() => {
  vi.useRealTimers();
  setViewportWidth(1024);
});

describe('FilterBar search debounce (docs/product.md §9: 750 ms)', () => {
  // fireEvent rather than user-event: Testing Library's async wrapper waits on a real setTimeout,
  // which never fires under vitest's fake timers. Each change event is one keystroke.
  const typeInto = (box: HTMLElement, text: string) => {
    for (let i = 1; i <= text.length; i++) fireEvent.change(box, { target: { value: text.slice(0, i) } });
  };

  it('emits the trimmed text 750 ms after the last keystroke, once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    renderWithProviders(<FilterBar onSearchChange={onSearch} />);
    typeInto(screen.getByRole('searchbox', { name: 'Buscar' }), ' casa ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('casa');
  });

  it('restarts the wait on every keystroke', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    renderWithProviders(<FilterBar onSearchChange={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    typeInto(box, 'ab');
    act(() => vi.advanceTimersByTime(700));
    fireEvent.change(box, { target: { value: 'abc' } });
    act(() => vi.advanceTimersByTime(700));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('abc');
  });

  it('searches at once on Enter, without a second late call', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    renderWithProviders(<FilterBar onSearchChange={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    typeInto(box, 'torre');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('torre');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('clears the box and every filter, dropping a pending search', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    const onClear = vi.fn();
    const { rerender } = renderWithProviders(<FilterBar onSearchChange={onSearch} onClear={onClear} />);
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull(); // nothing applied yet
    rerender(<FilterBar onSearchChange={onSearch} onClear={onClear} activeCount={1} />);
    typeInto(screen.getByRole('searchbox', { name: 'Buscar' }), 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe('');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('offers "clear" while a search is applied', () => {
    renderWithProviders(<FilterBar search="torre" onSearchChange={() => {}} onClear={() => {}} />);
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeTruthy();
  });

  it('never calls back after unmounting', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    const { unmount } = renderWithProviders(<FilterBar onSearchChange={onSearch} />);
    typeInto(screen.getByRole('searchbox', { name: 'Buscar' }), 'a');
    unmount();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows a search value changed from outside', () => {
    const { rerender } = renderWithProviders(<FilterBar search="uno" onSearchChange={() => {}} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('uno');
    rerender(<FilterBar search="" onSearchChange={() => {}} />);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });
});

describe('FilterBar layout (docs/product.md §2: a bottom sheet on extra-small screens)', () => {
  const filters = <Button>Estado</Button>;

  it('shows the filters inline from the sm breakpoint up', () => {
    setViewportWidth(1024);
    renderWithProviders(<FilterBar onSearchChange={() => {}}>{filters}</FilterBar>);
    expect(screen.getByRole('button', { name: 'Estado' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filtros/ })).toBeNull();
  });

  it('moves the filters into a bottom sheet under the sm breakpoint (480 px)', async () => {
    setViewportWidth(479);
    const user = userEvent.setup();
    renderWithProviders(
      <FilterBar onSearchChange={() => {}} activeCount={2} onClear={() => {}}>
        {filters}
      </FilterBar>,
    );
    expect(screen.queryByRole('button', { name: 'Estado' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeTruthy(); // search stays at hand
    await user.click(screen.getByRole('button', { name: 'Filtros (2)' }));
    const sheet = await screen.findByRole('dialog');
    expect(sheet.className).toContain('chakra-drawer__content');
    expect(getComputedStyle(sheet).maxHeight).toBe('85dvh');
    expect(screen.getByRole('button', { name: 'Estado' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Limpiar filtros' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ver resultados' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays inline at exactly the sm breakpoint', () => {
    setViewportWidth(480);
    renderWithProviders(<FilterBar>{filters}</FilterBar>);
    expect(screen.getByRole('button', { name: 'Estado' })).toBeTruthy();
  });
});

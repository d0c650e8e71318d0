import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test/render.tsx';
import { SearchInput } from './search-input.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.useRealTimers());

function Harness({ onChange, delay }: { onChange: (v: string) => void; delay?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchInput
        value={value}
        delay={delay}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        reset-from-outside
      </button>
    </>
  );
}

describe('search input (docs/product.md §9 debounce)', () => {
  it('emits the trimmed text once, 750 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(input, { target: { value: 'Tor' } });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.change(input, { target: { value: 'Torre A ' } });
    act(() => {
      vi.advanceTimersByTime(749);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('Torre A');
  });

  it('uses the shorter debounce of filter lists when asked (250 ms)', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} delay={250} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'ab' } });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(onChange).toHaveBeenCalledWith('ab');
  });

  it('searches at once on Enter and clears at once with the clear button', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: 'macul' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith('macul');
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect((input as HTMLInputElement).value).toBe('');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('follows a reset made from outside', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness onChange={() => undefined} />);
    const input = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByText('reset-from-outside'));
    expect(input.value).toBe('');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { pageWindow, TablePagination } from './table-pagination.tsx';

vi.setConfig({ testTimeout: 20_000 });

describe('table pagination (docs/product.md §2)', () => {
  it('shows boundary (first/last) buttons only when there are more than 2 pages', () => {
    const { unmount } = renderWithProviders(
      <TablePagination page={1} total={100} rowsPerPage={50} onPageChange={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: 'Primera página' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Última página' })).toBeNull();
    unmount();
    renderWithProviders(<TablePagination page={2} total={101} rowsPerPage={50} onPageChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Primera página' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Última página' })).toBeTruthy();
  });

  it('shows the range in es-CL numbers and moves between pages', async () => {
    const onPageChange = vi.fn();
    renderWithProviders(<TablePagination page={2} total={1234} rowsPerPage={50} onPageChange={onPageChange} />);
    expect(screen.getByText('51–100 de 1.234')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    expect(onPageChange).toHaveBeenLastCalledWith(25);
    await userEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Página 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('disables what leads nowhere on the first and last page', () => {
    renderWithProviders(<TablePagination page={1} total={120} rowsPerPage={50} onPageChange={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Primera página' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Página siguiente' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('slides a window of at most five page numbers', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});

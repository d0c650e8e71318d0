import { describe, expect, it, vi } from 'vitest';
import { useRef } from 'react';
import { render, renderHook } from '@testing-library/react';
import { pageCountOf, usePageClamp, useScrollResetOnChange, type PageClampArgs } from './list-paging.ts';

describe('pageCountOf', () => {
  it('counts whole pages and keeps page 1 for an empty result', () => {
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(6, 50)).toBe(1);
    expect(pageCountOf(50, 50)).toBe(1);
    expect(pageCountOf(51, 50)).toBe(2);
    expect(pageCountOf(80, 50)).toBe(2);
  });
});

describe('usePageClamp: a page beyond the last goes to the last page', () => {
  const setup = (initial: Omit<PageClampArgs, 'onPageChange'>) => {
    const onPageChange = vi.fn();
    const hook = renderHook((props: Omit<PageClampArgs, 'onPageChange'>) => usePageClamp({ ...props, onPageChange }), {
      initialProps: initial,
    });
    return { onPageChange, ...hook };
  };

  it('moves ?page=5 of 6 rows to page 1, reporting the move until page 1 has loaded', () => {
    const { onPageChange, result, rerender } = setup({ page: 5, total: 6, rowsPerPage: 50 });
    expect(onPageChange).toHaveBeenCalledExactlyOnceWith(1);
    expect(result.current).toBe(true); // not the empty state: the rows are on their way
    rerender({ page: 1, total: 6, rowsPerPage: 50, isPlaceholderData: true }); // page 5's empty result still shown
    expect(result.current).toBe(true);
    rerender({ page: 1, total: 6, rowsPerPage: 50, isPlaceholderData: false });
    expect(result.current).toBe(false);
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });

  it('goes to the last page, not the first: page 4 of 120 rows at 50 a page is page 3', () => {
    const { onPageChange } = setup({ page: 4, total: 120, rowsPerPage: 50 });
    expect(onPageChange).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('leaves pages that exist alone, and waits for a real total', () => {
    expect(setup({ page: 2, total: 14, rowsPerPage: 10 }).onPageChange).not.toHaveBeenCalled();
    expect(setup({ page: 1, total: 0, rowsPerPage: 50 }).onPageChange).not.toHaveBeenCalled(); // truly empty: page 1 shows the empty state
    expect(setup({ page: 9, total: undefined, rowsPerPage: 50 }).onPageChange).not.toHaveBeenCalled();
    // A placeholder's total belongs to the previous query.
    const held = setup({ page: 9, total: 6, rowsPerPage: 50, isPlaceholderData: true });
    expect(held.onPageChange).not.toHaveBeenCalled();
    expect(held.result.current).toBe(false);
  });

  it('does not hide a later placeholder of the same page once the move is over', () => {
    const { result, rerender } = setup({ page: 3, total: 6, rowsPerPage: 50 });
    rerender({ page: 1, total: 6, rowsPerPage: 50, isPlaceholderData: false });
    rerender({ page: 1, total: 6, rowsPerPage: 50, isPlaceholderData: true }); // e.g. a new search keeps the rows on screen
    expect(result.current).toBe(false);
  });
});

function Scrolled({ page }: { page: number }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  useScrollResetOnChange(page, box, frame);
  return (
    <div ref={frame} data-testid="frame" style={{ scrollMarginTop: '80px' }}>
      <div ref={box} data-testid="box" />
    </div>
  );
}

describe('useScrollResetOnChange: a new page starts at its first row', () => {
  const mount = (frameTop: number) => {
    const view = render(<Scrolled page={1} />);
    const box = view.getByTestId('box');
    const frame = view.getByTestId('frame');
    const intoView = vi.fn();
    frame.scrollIntoView = intoView;
    frame.getBoundingClientRect = () => ({
      top: frameTop,
      bottom: frameTop + 400,
      left: 0,
      right: 0,
      width: 0,
      height: 400,
      x: 0,
      y: frameTop,
      toJSON: () => ({}),
    });
    box.scrollTop = 3600;
    return { box, intoView, view };
  };

  it('scrolls the list back to its top and brings it into view when the window was scrolled past it', () => {
    const { box, intoView, view } = mount(-900);
    view.rerender(<Scrolled page={2} />);
    expect(box.scrollTop).toBe(0);
    expect(intoView).toHaveBeenCalledWith({ block: 'start' });
  });

  it('leaves the window alone when the list top is already in view, and does nothing without a page change', () => {
    const { box, intoView, view } = mount(200);
    view.rerender(<Scrolled page={1} />);
    expect(box.scrollTop).toBe(3600);
    view.rerender(<Scrolled page={2} />);
    expect(box.scrollTop).toBe(0);
    expect(intoView).not.toHaveBeenCalled();
  });

  it('treats a top hidden under the sticky bar (inside its scroll margin) as out of view', () => {
    const { intoView, view } = mount(30);
    view.rerender(<Scrolled page={2} />);
    expect(intoView).toHaveBeenCalled();
  });
});

/** Paging behaviour shared by the paged lists (docs/product.md §2 pagination, §7 paged list requests). */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** How many pages `total` rows make; an empty result still has page 1. */
export function pageCountOf(total: number, rowsPerPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, rowsPerPage)));
}

export type PageClampArgs = {
  /** The page the URL asks for. */
  page: number;
  /** Total rows of the loaded result; undefined while nothing is loaded. */
  total: number | undefined;
  rowsPerPage: number;
  /** True while the shown result is a previous query's placeholder: its total is not this page's. */
  isPlaceholderData?: boolean;
  /** Goes to another page; should replace the URL entry rather than push one. */
  onPageChange: (page: number) => void;
};

/**
 * A page beyond the last one of a loaded result (an old link, rows removed meanwhile, a typed
 * `?page=`) moves to the last page that exists, so the list shows rows instead of an empty page
 * whose pager says otherwise. Returns true while that move is under way: the list should show
 * that it is loading, not its empty state.
 */
export function usePageClamp({
  page,
  total,
  rowsPerPage,
  isPlaceholderData = false,
  onPageChange,
}: PageClampArgs): boolean {
  const last = total === undefined || isPlaceholderData ? null : pageCountOf(total, rowsPerPage);
  const beyond = last !== null && page > last;
  const [target, setTarget] = useState<number | null>(null);
  const asked = useRef<number | null>(null);

  useEffect(() => {
    if (!beyond || last === null) {
      asked.current = null;
      return;
    }
    if (asked.current === page) return; // already on its way; the caller's handler may be a new closure each render
    asked.current = page;
    setTarget(last);
    onPageChange(last);
  }, [beyond, last, page, onPageChange]);

  // The move is over once the target page's own result has arrived, or the user went elsewhere.
  useEffect(() => {
    if (target === null) return;
    if (page === target ? !isPlaceholderData : page !== asked.current) setTarget(null);
  }, [target, page, isPlaceholderData]);

  return beyond || (target === page && isPlaceholderData);
}

/**
 * Back to the first row when `key` (the page) changes: the list's own scroll container goes to its
 * top, and when the list's top is out of view (the window was scrolled down to the pager) the
 * window brings it back, honouring the anchor's `scroll-margin-top` (e.g. under a sticky top bar).
 */
export function useScrollResetOnChange(
  key: unknown,
  scroller: RefObject<HTMLElement | null>,
  anchor?: RefObject<HTMLElement | null>,
) {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    const box = scroller.current;
    if (box) box.scrollTop = 0;
    const target = anchor?.current ?? box;
    if (!target || typeof window === 'undefined') return;
    const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    const { top } = target.getBoundingClientRect();
    if (top < margin || top > window.innerHeight) target.scrollIntoView({ block: 'start' });
  }, [key, scroller, anchor]);
}

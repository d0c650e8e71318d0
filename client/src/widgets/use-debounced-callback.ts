import { useEffect, useMemo, useRef } from 'react';

export type DebouncedFn<A extends unknown[]> = ((...args: A) => void) & {
  /** Drops the pending call. */
  cancel: () => void;
  /** Runs the pending call now (e.g. on Enter), if any. */
  flush: () => void;
};

/**
 * Delays `fn` until `delayMs` have passed without another call (docs/product.md §9: 750 ms in the filter bar,
 * 250 ms in filter lists). The latest `fn` is always the one called, and an unmounted component
 * never gets a late call.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): DebouncedFn<A> {
  const fnRef = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<A | null>(null);

  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);

  const debounced = useMemo(() => {
    const cancel = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
    };
    const flush = () => {
      const args = pending.current;
      cancel();
      if (args) fnRef.current(...args);
    };
    const call = (...args: A) => {
      if (timer.current) clearTimeout(timer.current);
      pending.current = args;
      timer.current = setTimeout(flush, delayMs);
    };
    return Object.assign(call, { cancel, flush });
  }, [delayMs]);

  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}

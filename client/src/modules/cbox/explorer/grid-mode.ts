import { useCallback, useState } from 'react';
import { CBOX_GRID_MODE_KEY } from '#domain/cbox';

/** docs/product.md §3 session state: the explorer's table or grid, kept in this browser. */
function readGridMode(): boolean {
  try {
    return window.localStorage.getItem(CBOX_GRID_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function useGridMode(): [boolean, (grid: boolean) => void] {
  const [grid, setGrid] = useState(readGridMode);
  const set = useCallback((value: boolean) => {
    setGrid(value);
    try {
      window.localStorage.setItem(CBOX_GRID_MODE_KEY, String(value));
    } catch {
      // Storage refused (private mode, full): the choice lasts this visit.
    }
  }, []);
  return [grid, set];
}

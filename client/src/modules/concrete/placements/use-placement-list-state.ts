import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PLACEMENT_STATES } from '#domain/concrete-placements';
import { PAGE_SIZE_DEFAULT } from '#domain/limits';
import { PLACEMENT_SORTS } from '#domain/schemas/concrete';
import type { PlacementListParams } from '../api/placements.ts';

export type PlacementSort = (typeof PLACEMENT_SORTS)[number];

/** concrete/placements/list's filters live in the URL (a shared link keeps them); the names are the API's. */
export type PlacementListState = {
  state: string[];
  element: string[];
  concrete_type: string[];
  concrete_company: string[];
  from: string;
  to: string;
  search: string;
  sort: PlacementSort;
  desc: boolean;
  page: number;
  rows: number;
};
export const PLACEMENT_LIST_KEYS = ['state', 'element', 'concrete_type', 'concrete_company'] as const;
export type PlacementListKey = (typeof PLACEMENT_LIST_KEYS)[number];
export const PLACEMENT_ROWS_OPTIONS = [50, 100, 500];
const DEFAULT_SORT: PlacementSort = 'scheduled_on';

const listOf = (v: string | null, allowed?: readonly string[]) =>
  (v ? v.split(',').filter(Boolean) : []).filter((x) => (allowed ? allowed.includes(x) : /^\d+$/.test(x)));
const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

export function parsePlacementListState(params: URLSearchParams): PlacementListState {
  const sort = params.get('sort') ?? '';
  const rows = Number(params.get('rows'));
  return {
    state: listOf(params.get('state'), PLACEMENT_STATES),
    element: listOf(params.get('element')),
    concrete_type: listOf(params.get('concrete_type')),
    concrete_company: listOf(params.get('concrete_company')),
    from: isDay(params.get('from')),
    to: isDay(params.get('to')),
    search: params.get('search') ?? '',
    sort: (PLACEMENT_SORTS as readonly string[]).includes(sort) ? (sort as PlacementSort) : DEFAULT_SORT,
    desc: params.get('desc') !== 'false',
    page: Math.max(1, Number(params.get('page')) || 1),
    rows: PLACEMENT_ROWS_OPTIONS.includes(rows) ? rows : PAGE_SIZE_DEFAULT,
  };
}

/** The state → GET hormigon/vaciados's query (docs/api.md, Hormigón: placements and batches). */
export function toPlacementQuery(projectId: number, s: PlacementListState): PlacementListParams {
  const list = (v: string[]) => (v.length ? v.join(',') : undefined);
  return {
    project_id: projectId,
    state: list(s.state),
    element: list(s.element),
    concrete_type: list(s.concrete_type),
    concrete_company: list(s.concrete_company),
    from: s.from || undefined,
    to: s.to || undefined,
    search: s.search || undefined,
    sort: s.sort,
    desc: s.desc ? 'true' : 'false',
    page: s.page,
    rows: s.rows,
  };
}

export const activePlacementFilterCount = (s: PlacementListState) =>
  PLACEMENT_LIST_KEYS.filter((k) => s[k].length > 0).length + (s.from || s.to ? 1 : 0);

export type PlacementListPatch = Partial<Record<PlacementListKey, string[]>> &
  Partial<Pick<PlacementListState, 'from' | 'to' | 'search' | 'page' | 'rows'>> & {
    sort?: { sort: PlacementSort; desc: boolean };
  };

/** Applies a change to the URL's parameters; any change but the page's goes back to page 1. */
export function patchPlacementParams(prev: URLSearchParams, patch: PlacementListPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  const put = (key: string, value: string | null | undefined) => (value ? next.set(key, value) : next.delete(key));
  for (const key of PLACEMENT_LIST_KEYS) if (key in patch) put(key, (patch[key] ?? []).join(','));
  for (const key of ['from', 'to', 'search'] as const) if (patch[key] !== undefined) put(key, patch[key]);
  if (patch.sort) {
    put('sort', patch.sort.sort === DEFAULT_SORT ? null : patch.sort.sort);
    put('desc', patch.sort.desc ? null : 'false');
  }
  if (patch.rows) put('rows', patch.rows === PAGE_SIZE_DEFAULT ? null : String(patch.rows));
  if (!Object.keys(patch).every((k) => k === 'page')) next.delete('page');
  if (patch.page !== undefined) put('page', patch.page > 1 ? String(patch.page) : null);
  return next;
}

export function usePlacementListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parsePlacementListState(params), [params]);
  const update = useCallback(
    (patch: PlacementListPatch) => setParams((prev) => patchPlacementParams(prev, patch), { replace: true }),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { state, update, clear };
}

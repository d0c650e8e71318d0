import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CM_PRIORITIES, CM_TICKET_STATES } from '#domain/cmanagement';
import {
  CM_TICKET_SORTS,
  CM_TICKET_VIEW_PARAMS,
  cmCustomFilterParam,
  formatCustomFilters,
  type CmCustomFilter,
} from '#domain/schemas/cmanagement';
import { PAGE_SIZE_DEFAULT } from '#domain/limits';
import type { CmTicketListParams, CmTicketSort } from '../api/tickets.ts';

/** The list lives in the URL (a shared link and the remembered route keep it); its names are the API's. */
export type TicketListState = {
  state: string[];
  priority: string[];
  category: string[];
  assignee: string[];
  project: string[];
  due_from: string;
  due_to: string;
  search: string;
  cf: CmCustomFilter[];
  sort: CmTicketSort;
  desc: boolean;
  page: number;
  rows: number;
  view: 'list' | 'board';
};
export const TICKET_LIST_KEYS = ['state', 'priority', 'category', 'assignee', 'project'] as const;
export type TicketListKey = (typeof TICKET_LIST_KEYS)[number];
export const TICKET_ROWS_OPTIONS = [50, 100, 500];

const listOf = (v: string | null, allowed?: readonly string[]) =>
  (v ? v.split(',').filter(Boolean) : []).filter((x) => (allowed ? allowed.includes(x) : /^\d+$/.test(x)));
const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

export function parseTicketListState(params: URLSearchParams): TicketListState {
  const sort = params.get('sort');
  const rows = Number(params.get('rows'));
  const cf = cmCustomFilterParam.safeParse(params.get('cf') ?? '');
  return {
    state: listOf(params.get('state'), CM_TICKET_STATES),
    priority: listOf(params.get('priority'), CM_PRIORITIES),
    category: listOf(params.get('category')),
    assignee: listOf(params.get('assignee')),
    project: listOf(params.get('project')),
    due_from: isDay(params.get('due_from')),
    due_to: isDay(params.get('due_to')),
    search: params.get('search') ?? '',
    cf: cf.success ? cf.data : [],
    sort: (CM_TICKET_SORTS as readonly string[]).includes(sort ?? '') ? (sort as CmTicketSort) : 'updated_at',
    desc: params.get('desc') !== 'false',
    page: Math.max(1, Number(params.get('page')) || 1),
    rows: TICKET_ROWS_OPTIONS.includes(rows) ? rows : PAGE_SIZE_DEFAULT,
    view: params.get('view') === 'board' ? 'board' : 'list',
  };
}

/** The state → GET cmanagement/tickets's query (docs/api.md, Cmanagement). */
export function toTicketQuery(s: TicketListState): CmTicketListParams {
  const list = (v: string[]) => (v.length ? v.join(',') : undefined);
  return {
    state: list(s.state),
    priority: list(s.priority),
    category: list(s.category),
    assignee: list(s.assignee),
    project: list(s.project),
    due_from: s.due_from || undefined,
    due_to: s.due_to || undefined,
    search: s.search || undefined,
    cf: s.cf.length ? formatCustomFilters(s.cf) : undefined,
    sort: s.sort,
    desc: s.desc ? 'true' : 'false',
    page: s.page,
    rows: s.rows,
  };
}

export const activeTicketFilterCount = (s: TicketListState) =>
  TICKET_LIST_KEYS.filter((k) => s[k].length > 0).length + (s.due_from || s.due_to ? 1 : 0) + s.cf.length;

export type TicketListPatch = Partial<Record<TicketListKey, string[]>> &
  Partial<Pick<TicketListState, 'due_from' | 'due_to' | 'search' | 'cf' | 'page' | 'rows' | 'view'>> & {
    sort?: { sort: CmTicketSort; desc: boolean };
  };

/** Applies a change to the URL's parameters; any change but the page's or the view's goes back to page 1. */
export function patchTicketParams(prev: URLSearchParams, patch: TicketListPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  const put = (key: string, value: string | null | undefined) => (value ? next.set(key, value) : next.delete(key));
  for (const key of TICKET_LIST_KEYS) if (key in patch) put(key, (patch[key] ?? []).join(','));
  if (patch.due_from !== undefined) put('due_from', patch.due_from);
  if (patch.due_to !== undefined) put('due_to', patch.due_to);
  if (patch.search !== undefined) put('search', patch.search);
  if (patch.cf !== undefined) put('cf', formatCustomFilters(patch.cf));
  if (patch.sort) {
    put('sort', patch.sort.sort === 'updated_at' ? null : patch.sort.sort);
    put('desc', patch.sort.desc ? null : 'false');
  }
  if (patch.rows) put('rows', patch.rows === PAGE_SIZE_DEFAULT ? null : String(patch.rows));
  if (patch.view) put('view', patch.view === 'list' ? null : patch.view);
  const keepsPage = Object.keys(patch).every((k) => k === 'page' || k === 'view');
  if (!keepsPage) next.delete('page');
  if (patch.page !== undefined) put('page', patch.page > 1 ? String(patch.page) : null);
  return next;
}

export function useTicketListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseTicketListState(params), [params]);
  const update = useCallback(
    (patch: TicketListPatch) => setParams((prev) => patchTicketParams(prev, patch), { replace: true }),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams((prev) => new URLSearchParams(prev.get('view') ? { view: prev.get('view')! } : {}), { replace: true }),
    [setParams],
  );
  const viewParams = useMemo(
    () =>
      Object.fromEntries(
        CM_TICKET_VIEW_PARAMS.filter((k) => params.has(k)).map((k) => [k, params.get(k)!] as const),
      ) as Record<string, string>,
    [params],
  );
  /** A saved view's parameters become the whole URL: its filters, sort and list or board, from page 1. */
  const applyView = useCallback(
    (view: Record<string, string>) => setParams(new URLSearchParams(view), { replace: true }),
    [setParams],
  );
  return { state, update, clear, viewParams, applyView };
}

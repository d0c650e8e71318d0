import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '#domain/limits';
import { TICKET_ORIGINS, TICKET_PRIORITIES, TICKET_STATES } from '#domain/schemas/after-sales';
import { SLA_FILTERS, type SlaFilter } from '#domain/sla';
import { SAVED_VIEW_PARAMS } from '#domain/saved-views';
import { useSession } from '../../../shared/session/session-store.ts';
import { useAllProjects } from '../../../shared/session/project-scope.ts';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { dateFilterQuery, isDateFilterActive, type DateFilterValue } from '../../../widgets/date-range.ts';
import type { TicketFilters, TicketSort } from '../api/tickets-api.ts';

/** The list state lives in the URL, so the remembered route (docs/product.md §2) and a shared link keep the filters. */
export type ListState = {
  state: string[];
  priority: string[];
  origin: string[];
  responsible: string[];
  project: string[];
  tower: string[];
  unit: string[];
  date: DateFilterValue;
  search: string;
  /** docs/product.md §4 Ticket clocks: due within 24 h or overdue. */
  sla: SlaFilter | null;
  sort: TicketSort;
  page: number;
  rowsPerPage: number;
};

const LIST_KEYS = ['state', 'priority', 'origin', 'responsible', 'project', 'tower', 'unit'] as const;
export type ListKey = (typeof LIST_KEYS)[number];
/** Sort fields offered (the API's ticketListQuerySchema accepts these and a few more). */
export const SORT_FIELDS = [
  'created_at',
  'updated_at',
  'code',
  'subject',
  'state',
  'priority',
  'origin',
  'responsible',
  'unit',
  'project',
  'sla',
] as const;

const listOf = (v: string | null, allowed?: readonly string[]) =>
  (v ? v.split(',').filter(Boolean) : [])
    .filter((x) => !allowed || allowed.includes(x))
    .filter((x) => allowed || /^\d+$/.test(x));

/** URL search params → list state. `defaultProject` applies while the URL says nothing about projects. */
export function parseListState(params: URLSearchParams, defaultProject: number | null): ListState {
  const preset = params.get('date_preset');
  const rows = Number(params.get('rows'));
  const sortBy = params.get('sort');
  return {
    state: listOf(params.get('state'), TICKET_STATES),
    priority: listOf(params.get('priority'), TICKET_PRIORITIES),
    origin: listOf(params.get('origin'), TICKET_ORIGINS),
    responsible: listOf(params.get('responsible')),
    project: params.has('project') ? listOf(params.get('project')) : defaultProject ? [String(defaultProject)] : [],
    tower: listOf(params.get('tower')),
    unit: listOf(params.get('unit')),
    date: {
      preset: preset === 'today' || preset === 'week' || preset === 'month' || preset === 'custom' ? preset : 'all',
      field: params.get('date_field') === 'updated' ? 'updated' : 'created',
      from: params.get('date_from') ?? undefined,
      to: params.get('date_to') ?? undefined,
    },
    search: params.get('search') ?? '',
    sla: (SLA_FILTERS as readonly string[]).includes(params.get('sla') ?? '') ? (params.get('sla') as SlaFilter) : null,
    sort: {
      sortBy: sortBy && (SORT_FIELDS as readonly string[]).includes(sortBy) ? (sortBy as TicketSort['sortBy']) : null,
      descending: params.get('desc') === '1',
    },
    page: Math.max(1, Number(params.get('page')) || 1),
    rowsPerPage: [50, 100, 500].includes(rows) ? rows : PAGE_SIZE_DEFAULT,
  };
}

/** List state → the API's filter query (docs/product.md §2 filters; §7 comma lists). */
export function toApiFilters(s: ListState): TicketFilters {
  const nums = (v: string[]) => (v.length ? v.map(Number) : undefined);
  return {
    state: s.state.length ? (s.state as TicketFilters['state']) : undefined,
    priority: s.priority.length ? (s.priority as TicketFilters['priority']) : undefined,
    origin: s.origin.length ? (s.origin as TicketFilters['origin']) : undefined,
    responsible_id: nums(s.responsible),
    project_id: nums(s.project),
    tower_id: nums(s.tower),
    unit_id: nums(s.unit),
    ...dateFilterQuery(s.date), // nothing while a custom range is incomplete or out of order
    search: s.search || undefined,
    sla: s.sla ?? undefined,
  };
}

/** How many filters narrow the list (the filter bar's badge and "clear"). */
export function activeFilterCount(s: ListState): number {
  return LIST_KEYS.filter((k) => s[k].length > 0).length + (isDateFilterActive(s.date) ? 1 : 0) + (s.sla ? 1 : 0);
}

/** The URL parameters a saved view keeps (docs/product.md §2 Saved views): the filters and sort, not the page. */
export function viewParamsOf(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(SAVED_VIEW_PARAMS.solicitudes.filter((k) => params.has(k)).map((k) => [k, params.get(k)!]));
}

export function useTicketListState() {
  const [params, setParams] = useSearchParams();
  const projectId = useSession((s) => s.projectId);
  // "All my projects", remembered per user, replaces the top bar's project as the default.
  const { data: user } = useAuthUser();
  const [allProjects, setAllProjects] = useAllProjects(user?.id, 'solicitudes');
  const state = useMemo(() => {
    const parsed = parseListState(params, allProjects ? null : projectId);
    // A project the user no longer sees (an old link) is dropped: the API would answer 404.
    const visible = user ? new Set(user.proyectos.map((p) => String(p.id))) : null;
    return visible ? { ...parsed, project: parsed.project.filter((id) => visible.has(id)) } : parsed;
  }, [params, projectId, allProjects, user]);

  /** Any filter change goes back to page 1; page changes keep the filters. */
  const update = useCallback(
    (
      patch: Partial<Record<ListKey, string[]>> & {
        date?: DateFilterValue;
        search?: string;
        sla?: SlaFilter | null;
        sort?: TicketSort;
        page?: number;
        rowsPerPage?: number;
      },
    ) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const setOrDelete = (key: string, value: string | null | undefined) =>
            value ? next.set(key, value) : next.delete(key);
          for (const key of LIST_KEYS) {
            if (!(key in patch)) continue;
            const list = patch[key] ?? [];
            // An emptied project filter means "every project I can see": keep the key so the default does not come back.
            if (key === 'project') next.set('project', list.join(','));
            else setOrDelete(key, list.join(','));
          }
          if (patch.date) {
            setOrDelete('date_preset', patch.date.preset === 'all' ? null : patch.date.preset);
            setOrDelete('date_field', patch.date.field === 'updated' ? 'updated' : null);
            setOrDelete('date_from', patch.date.preset === 'custom' ? patch.date.from : null);
            setOrDelete('date_to', patch.date.preset === 'custom' ? patch.date.to : null);
          }
          if (patch.search !== undefined) setOrDelete('search', patch.search);
          if (patch.sla !== undefined) setOrDelete('sla', patch.sla);
          if (patch.sort) {
            setOrDelete('sort', patch.sort.sortBy);
            setOrDelete('desc', patch.sort.sortBy && patch.sort.descending ? '1' : null);
          }
          if (patch.rowsPerPage)
            setOrDelete('rows', patch.rowsPerPage === PAGE_SIZE_DEFAULT ? null : String(patch.rowsPerPage));
          const isPageOnly = Object.keys(patch).every((k) => k === 'page');
          setOrDelete('page', isPageOnly && patch.page && patch.page > 1 ? String(patch.page) : null);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams({ project: '' }), { replace: true }), [setParams]);
  /** A saved view's parameters replace the list's, from page 1. */
  const applyView = useCallback(
    (view: Record<string, string>) => setParams(new URLSearchParams(view), { replace: true }),
    [setParams],
  );
  const viewParams = useMemo(() => viewParamsOf(params), [params]);
  return { state, update, clear, allProjects, setAllProjects, applyView, viewParams };
}

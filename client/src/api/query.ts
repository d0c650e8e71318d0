import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { LIST_STALE_TIME_MS, PAGE_SIZE_DEFAULT } from '#domain/limits';
import { dataCall, type DataCall, type ListEnvelope, type PageRequest } from './data.ts';
import { syncParamsOf } from './http.ts';

/**
 * Query defaults. Failed calls already toast (docs/product.md §8), so a retry would only repeat the toast;
 * focus refetches would make lists jump under the user's cursor.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** docs/product.md §7 list queries: no retry, stale time 1 s, no refetch on focus, first page 1. */
export const LIST_QUERY_DEFAULTS = {
  retry: false,
  staleTime: LIST_STALE_TIME_MS,
  refetchOnWindowFocus: false,
} as const;
export const FIRST_PAGE = 1;

/**
 * Query-key factory, one per module (`homeKeys = createQueryKeys('home')`). Keys are arrays that
 * start with the module name, so `invalidateQueries({ queryKey: homeKeys.all })` reaches them all.
 */
export function createQueryKeys<M extends string>(module: M) {
  return {
    all: [module] as const,
    lists: () => [module, 'list'] as const,
    list: (name: string, args: Record<string, unknown> = {}) => [module, 'list', name, args] as const,
    details: () => [module, 'detail'] as const,
    detail: (name: string, id: unknown) => [module, 'detail', name, id] as const,
    item: (name: string, args: Record<string, unknown> = {}) => [module, name, args] as const,
  };
}
export type QueryKeys = ReturnType<typeof createQueryKeys>;

type ListArgs = Omit<DataCall, 'method' | 'signal'> & { keys: QueryKeys; name?: string };

const keyArgs = (a: ListArgs) => ({
  pagination: a.pagination ?? {},
  filters: a.filters ?? {},
  payload: a.payload ?? {},
  params: syncParamsOf(a.module),
});

/** One page of a generic list endpoint; the key carries the sync params so a project switch refetches. */
export function dataListQuery<T>(args: ListArgs) {
  const pagination: PageRequest = { page: FIRST_PAGE, rowsPerPage: PAGE_SIZE_DEFAULT, ...args.pagination };
  return queryOptions({
    queryKey: args.keys.list(args.name ?? args.endpoint, keyArgs({ ...args, pagination })),
    queryFn: ({ signal }) => dataCall<ListEnvelope<T>>({ ...args, pagination, method: 'GET', signal }),
    ...LIST_QUERY_DEFAULTS,
  });
}

/** Endless lists: pages from 1 while has_more (docs/product.md §7). */
export function dataInfiniteQuery<T>(args: ListArgs) {
  const rowsPerPage = args.pagination?.rowsPerPage ?? PAGE_SIZE_DEFAULT;
  return infiniteQueryOptions({
    queryKey: [...args.keys.list(args.name ?? args.endpoint, keyArgs(args)), 'infinite'],
    queryFn: ({ pageParam, signal }) =>
      dataCall<ListEnvelope<T>>({
        ...args,
        pagination: { ...args.pagination, rowsPerPage, page: pageParam },
        method: 'GET',
        signal,
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: ListEnvelope<T>) => (last.has_more ? last.current_page + 1 : undefined),
    ...LIST_QUERY_DEFAULTS,
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { foldText } from '#domain/search';
import type { GlobalSearch } from '#domain/search-responses';
import { apiV2 } from '../../api/clients.ts';
import type { DataEnvelope } from '../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../api/query.ts';

/** Query keys of the global search (CONVENTIONS: one factory, never an inline key). */
export const searchKeys = createQueryKeys('search');

/** The shortest term the server searches (domain/search.ts globalSearchQuerySchema); shorter ones are not sent. */
export const SEARCH_MIN_LENGTH = 2;

const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

/** GET buscar?q= (docs/product.md §9 Global search and shortcuts), keyed by the folded term. */
export function globalSearchQuery(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: searchKeys.item('global', { q: foldText(q) }),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<GlobalSearch>>('buscar', { query: { q }, signal })),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    ...LIST_QUERY_DEFAULTS,
  });
}

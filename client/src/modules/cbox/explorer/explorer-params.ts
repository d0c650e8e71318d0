import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CBOX_LIMITS, CBOX_SORTS, CBOX_TYPE_FILTERS, type CboxSort, type CboxTypeFilter } from '#domain/cbox';
import type { CboxListParams } from '../api/explorer-api.ts';

/** The explorer's two views: the library and its trash (`?vista=papelera`). */
export const TRASH_VIEW = 'papelera';

export type ExplorerState = {
  /** The open folder; null is the library's root (the URL's 0 too). */
  folderId: number | null;
  /** The file whose preview is open. */
  fileId: number | null;
  view: 'library' | 'trash';
  q: string;
  params: CboxListParams;
};

const positive = (raw: string | undefined | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const oneOf = <T extends string>(list: readonly T[], raw: string | null) =>
  list.includes(raw as T) ? (raw as T) : undefined;
const isoDay = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

/**
 * The explorer's state lives in its URL (docs/product.md §2 /cbox/folders/{folderId?}/{fileId?}): the folder and the
 * previewed file in the path; search, sort, filters, page and the trash view in the query, so a reload or a shared
 * link shows the same thing.
 */
export function useExplorerState(): ExplorerState & {
  update: (changes: Record<string, string | number | null | undefined>) => void;
} {
  const { folderId: rawFolder, fileId: rawFile } = useParams();
  const [search, setSearch] = useSearchParams();
  const state = useMemo<ExplorerState>(
    () => ({
      folderId: positive(rawFolder),
      fileId: positive(rawFile),
      view: search.get('vista') === TRASH_VIEW ? 'trash' : 'library',
      q: (search.get('q') ?? '').trim(),
      params: {
        sort: oneOf<CboxSort>(CBOX_SORTS, search.get('sort')) ?? 'name',
        order: search.get('order') === 'desc' ? 'desc' : 'asc',
        type: oneOf<CboxTypeFilter>(CBOX_TYPE_FILTERS, search.get('type')),
        from: isoDay(search.get('from')),
        to: isoDay(search.get('to')),
        page: positive(search.get('page')) ?? 1,
        rowsPerPage: CBOX_LIMITS.pageSizeDefault,
      },
    }),
    [rawFolder, rawFile, search],
  );
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          // Any change but the page's own starts again at the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { ...state, update };
}

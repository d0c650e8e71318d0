import type { ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import type { CboxFileItem, CboxFolderItem } from '#domain/cbox-responses';
import type { CboxLevel } from '#domain/cbox';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';

/** Items as the library's routes answer them (domain/cbox-responses.ts). */
const ALL: CboxLevel[] = ['can-download', 'can-edit', 'can-share'];
const base = (id: number, name: string, levels: CboxLevel[]) => ({
  id,
  name,
  folder_id: null,
  levels,
  shared_with_me: false,
  created_by: { id: 1, name: 'Carolina Fuentes' },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
});

export const folderItem = (id: number, name: string, levels = ALL): CboxFolderItem => ({
  ...base(id, name, levels),
  kind: 'folder',
  project: null,
  item_count: 2,
});

export const fileItem = (id: number, name: string, levels = ALL): CboxFileItem => ({
  ...base(id, name, levels),
  kind: 'file',
  extension: name.split('.').pop() ?? '',
  category: 'document',
  type: 'application/pdf',
  size: 2048,
  version: 1,
  path: `cbox/${id}.pdf`,
  url: `/api/v2/public/files/cbox/${id}.pdf`,
  url_thumbnail: null,
});

export const pageOf = <T,>(data: T[]) => ({
  data,
  current_page: 1,
  total: data.length,
  has_more: false,
  rowsPerPage: 100,
});

export const summary = (over: Partial<Record<string, unknown>> = {}) => ({
  data: {
    used_bytes: 1024,
    quota_bytes: 10 * 1024 ** 3,
    file_count: 1,
    is_admin: false,
    can_create_root: true,
    ...over,
  },
});

/** The route's path inside the library's API (`biblioteca/contenido`), and its query. */
export function routeOf(call: RecordedCall) {
  const url = new URL(call.url);
  return { path: url.pathname.replace(/^.*\/api\/v2\/public\/api\//, ''), query: url.searchParams };
}

/**
 * Answers the library's calls: `routes` by 'METHOD path' or 'path', where a last numeric segment may be written
 * ':id' ('biblioteca/carpetas/:id'); anything else an empty success.
 */
export function mockLibrary(routes: Record<string, (call: RecordedCall) => MockAnswer>) {
  return mockFetch((call) => {
    const { path } = routeOf(call);
    const generic = path.replace(/\/\d+$/, '/:id');
    const answer =
      routes[`${call.method} ${path}`] ?? routes[path] ?? routes[`${call.method} ${generic}`] ?? routes[generic];
    return answer ? answer(call) : { body: { data: {} } };
  });
}

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

/** A page under the explorer's route, signed in with these permission flags. */
export function renderExplorer(ui: ReactNode, route: string, permisos = ['modulo_biblioteca']) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/cbox/folders/:folderId?/:fileId?" element={ui} />
        <Route path="/cbox/activation" element={ui} />
      </Routes>
      <Where />
    </>,
    { route, queryClient: clientWithUser(permisos) },
  );
}

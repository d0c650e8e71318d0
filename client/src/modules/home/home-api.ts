import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LIST_STALE_TIME_MS } from '#domain/limits';
import { apiV2 } from '../../api/clients.ts';
import type { ListEnvelope } from '../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../api/query.ts';
import type { ProjectOption } from '../../api/session/auth-user.ts';

export const homeKeys = createQueryKeys('home');

/** GET home/proyectos items (server/src/modules/home/service.ts). */
export type HomeProject = ProjectOption & {
  code: string | null;
  group: string | null;
  created_at: string;
  progress: { units_total: number; units_delivered: number };
};

export type HomeTask = {
  id: number;
  title: string;
  kind: string;
  link: string | null;
  project_id: number | null;
  due_at: string;
};
export type HomeTasks = { next_7_days: HomeTask[]; later: HomeTask[] };

export type ProjectsArgs = { page: number; rowsPerPage: number; search: string };

export const projectsQuery = (args: ProjectsArgs) =>
  queryOptions({
    queryKey: homeKeys.list('proyectos', args),
    queryFn: ({ signal }) =>
      apiV2.get<ListEnvelope<HomeProject>>('home/proyectos', {
        query: { page: args.page, rowsPerPage: args.rowsPerPage, search: args.search || undefined, sortBy: 'name' },
        signal,
      }),
    ...LIST_QUERY_DEFAULTS,
    // Keep the previous page on screen while the next loads: no blank flash, no layout jump.
    placeholderData: keepPreviousData,
  });

export const tasksQuery = queryOptions({
  queryKey: homeKeys.item('tareas'),
  queryFn: ({ signal }) => apiV2.get<{ data: HomeTasks }>('home/tareas', { signal }).then((r) => r.data),
  staleTime: LIST_STALE_TIME_MS,
  retry: false,
});

import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AssignmentRow, CourseRow } from '#domain/courses-responses';
import type { CourseState } from '#domain/courses';
import type { AssignCourseInput, CourseInput } from '#domain/schemas/courses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../../api/query.ts';
import { homeKeys } from '../../home/index.ts';

/** Query keys of config cursos and mis-cursos (docs/product.md §1 courses). */
export const courseKeys = createQueryKeys('config-courses');
const API = 'configuracion/cursos';
const MINE = 'configuracion/mis-cursos';

export type AssignmentFilters = { course_id?: number; state?: CourseState; page: number };
export type AssignableUser = { id: number; full_name: string; username: string; has_email: boolean };
/** The machine verbs an administrator sends from the assignments list. */
export type AdminCourseVerb = 'completar' | 'prorrogar';

export const coursesQuery = () =>
  queryOptions({
    queryKey: courseKeys.list('courses'),
    queryFn: ({ signal }) => apiV2.get<ListEnvelope<CourseRow>>(API, { signal, query: { rowsPerPage: 500 } }),
    ...LIST_QUERY_DEFAULTS,
  });

export const assignmentsQuery = (filters: AssignmentFilters) =>
  queryOptions({
    queryKey: courseKeys.list('assignments', filters),
    queryFn: ({ signal }) => apiV2.get<ListEnvelope<AssignmentRow>>(`${API}/asignaciones`, { signal, query: filters }),
    ...LIST_QUERY_DEFAULTS,
  });

export const assignableUsersQuery = () =>
  queryOptions({
    queryKey: courseKeys.item('assignable-users'),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<AssignableUser[]>>(`${API}/usuarios`, { signal }).then((r) => r.data),
  });

export const myCoursesQuery = () =>
  queryOptions({
    queryKey: courseKeys.list('mine'),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<AssignmentRow[]>>(MINE, { signal }).then((r) => r.data),
  });

/** A course write changes its row and the assignments that show its name: both lists are asked again. */
const refreshCourses = (qc: QueryClient) => qc.invalidateQueries({ queryKey: courseKeys.lists() });

/** POST or PUT cursos: the saved course replaces its row in the catalogue. */
export function useSaveCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CourseInput }) =>
      (id
        ? apiV2.put<DataEnvelope<CourseRow>>(`${API}/${id}`, input)
        : apiV2.post<DataEnvelope<CourseRow>>(API, input)
      ).then((r) => r.data),
    onSuccess: () => refreshCourses(qc),
  });
}

export function useDeleteCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiV2.delete(`${API}/${id}`),
    onSuccess: () => refreshCourses(qc),
  });
}

/** POST cursos/asignaciones: new rows for the assignments list and the course's counts. */
export function useAssignCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignCourseInput) =>
      apiV2.post<DataEnvelope<AssignmentRow[]>>(`${API}/asignaciones`, input).then((r) => r.data),
    onSuccess: () => refreshCourses(qc),
  });
}

/** Writes one assignment's answer into every cached list that holds it (its state, dates and allowed events). */
function applyAssignment(qc: QueryClient, row: AssignmentRow) {
  qc.setQueriesData<ListEnvelope<AssignmentRow>>({ queryKey: courseKeys.list('assignments') }, (page) =>
    page ? { ...page, data: page.data.map((r) => (r.id === row.id ? row : r)) } : page,
  );
  qc.setQueryData<AssignmentRow[]>(courseKeys.list('mine'), (rows) => rows?.map((r) => (r.id === row.id ? row : r)));
}

/** POST cursos/asignaciones/{id}/<verb>: an administrator extends or records a completion. */
export function useAssignmentCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb }: { id: number; verb: AdminCourseVerb }) =>
      apiV2.post<DataEnvelope<AssignmentRow>>(`${API}/asignaciones/${id}/${verb}`, {}).then((r) => r.data),
    onSuccess: (row) => {
      applyAssignment(qc, row);
      // The catalogue's completed count follows a completion.
      void qc.invalidateQueries({ queryKey: courseKeys.list('courses') });
    },
  });
}

/** POST mis-cursos/{id}/completar: the user completes their own course. */
export function useCompleteMyCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiV2.post<DataEnvelope<AssignmentRow>>(`${MINE}/${id}/completar`, {}).then((r) => r.data),
    onSuccess: (row) => {
      applyAssignment(qc, row);
      // The home tasks list drops the course's task.
      void qc.invalidateQueries({ queryKey: homeKeys.item('tareas') });
    },
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { UserCreateInput, UserLimitsInput, UserListQuery, UserUpdateInput } from '#domain/schemas/users';
import type { VerbCommandType } from '#domain/commands';
import { userCommands } from '#domain/users';
import type { UserDetail, UserFormOptions, UserImportPreview, UserLimits, UserRow } from '#domain/users-responses';
import { apiV2 } from '../../../../api/clients.ts';
import { dataListQuery } from '../../../../api/query.ts';
import type { DataEnvelope } from '../../../../api/data.ts';
import { userKeys } from './keys.ts';

export const API = 'configuracion/usuarios';

/** The list's filters as the API reads them (arrays travel as comma lists, docs/product.md §7). */
export type UserFilters = Partial<
  Pick<UserListQuery, 'search' | 'profile_ids' | 'position_ids' | 'project_ids' | 'states'>
>;
export type UserSortState = { sortBy: UserListQuery['sortBy'] | null; descending: boolean };

/** GET configuracion/usuarios: one page (docs/product.md §7 list defaults). */
export const userListQuery = (filters: UserFilters, sort: UserSortState, page: number) =>
  dataListQuery<UserRow>({
    keys: userKeys,
    name: 'users',
    endpoint: API,
    pagination: { page, sortBy: sort.sortBy ?? null, descending: sort.descending },
    filters,
  });

export const userDetailQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.user(id),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<UserDetail>>(`${API}/${id}`, { signal }).then((r) => r.data),
  });

export const userOptionsQuery = () =>
  queryOptions({
    queryKey: userKeys.options(),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<UserFormOptions>>(`${API}/opciones`, { signal }).then((r) => r.data),
  });

export const userLimitsQuery = () =>
  queryOptions({
    queryKey: userKeys.limits(),
    queryFn: ({ signal }) => apiV2.get<DataEnvelope<UserLimits>>(`${API}/limites`, { signal }).then((r) => r.data),
  });

/** The user machine's commands with a verb route (domain/users.ts). */
export type UserActionEvent = VerbCommandType<typeof userCommands>;

type Answer<T> = { message?: string; data: T };

export const usersApi = {
  create: (input: UserCreateInput) => apiV2.post<Answer<UserDetail>>(API, input),
  update: (id: number, input: UserUpdateInput) => apiV2.patch<Answer<UserDetail>>(`${API}/${id}`, input),
  remove: (id: number) => apiV2.delete<Answer<UserDetail>>(`${API}/${id}`),
  command: (id: number, event: UserActionEvent) =>
    apiV2.post<Answer<UserDetail>>(`${API}/${id}/${userCommands[event].verb}`, {}),
  saveLimits: (input: UserLimitsInput) => apiV2.put<Answer<UserLimits>>(`${API}/limites`, input),
  previewImport: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiV2.post<Answer<UserImportPreview>>(`${API}/importar`, form).then((r) => r.data);
  },
  confirmImport: (file: File, token: string, rows: number[]) => {
    const form = new FormData();
    form.append('file', file);
    return apiV2.post<Answer<{ created: number }>>(`${API}/importar/confirmar`, form, {
      query: { token, rows: rows.join(',') },
    });
  },
  /** docs/product.md §7 export of the filtered set to xlsx or csv. */
  export: (format: 'xlsx' | 'csv', filters: UserFilters, sort: UserSortState) =>
    apiV2.get<Blob>(`${API}/export`, {
      responseType: 'blob',
      query: {
        ...filters,
        format,
        sortBy: sort.sortBy ?? undefined,
        descending: sort.sortBy ? sort.descending : undefined,
      },
    }),
};

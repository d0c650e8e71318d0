import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionCatalogue, ProfileRow } from '#domain/access-responses';
import type { CompanyModule } from '#domain/permission-catalogue';
import { PERMISSIONS_CHANGED_EVENT } from '#domain/realtime';
import type { ProfileInput, ProfileUpdateInput } from '#domain/schemas/profiles';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';
import { authUserQuery } from '../../../api/session/auth-user.ts';
import { invalidate, registerLiveSync } from '../../../realtime/live-sync-registry.ts';

/** Query keys of config permisos (server/src/modules/config/profiles). */
export const profileKeys = createQueryKeys('config-profiles');
const API = 'configuracion/permisos';
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export type ModuleSwitch = { modulo: CompanyModule; enabled: boolean; status: string };

export const profilesApi = {
  list: (signal?: AbortSignal) => data(apiV2.get<DataEnvelope<ProfileRow[]>>(API, { signal })),
  catalogue: (signal?: AbortSignal) =>
    data(apiV2.get<DataEnvelope<PermissionCatalogue>>(`${API}/catalogo`, { signal })),
  create: (input: ProfileInput) => data(apiV2.post<DataEnvelope<ProfileRow>>(API, input)),
  update: ({ id, ...input }: ProfileUpdateInput & { id: number }) =>
    data(apiV2.put<DataEnvelope<ProfileRow>>(`${API}/${id}`, input)),
  duplicate: (id: number) => data(apiV2.post<DataEnvelope<ProfileRow>>(`${API}/${id}/duplicar`, {})),
  remove: (id: number) => apiV2.delete(`${API}/${id}`),
  switchModule: ({ modulo, enabled }: { modulo: CompanyModule; enabled: boolean }) =>
    data(apiV2.put<DataEnvelope<ModuleSwitch>>(`${API}/modulos/${modulo}`, { enabled })),
};

export const profilesQuery = queryOptions({
  queryKey: profileKeys.list('profiles'),
  queryFn: ({ signal }) => profilesApi.list(signal),
});

export const catalogueQuery = queryOptions({
  queryKey: profileKeys.item('catalogue'),
  queryFn: ({ signal }) => profilesApi.catalogue(signal),
});

// A module switched in another tab, or a profile changed: an open profile screen refetches its lists (the
// signed-in user's own permissions follow in client/src/api/session/auth-user.ts).
registerLiveSync(PERMISSIONS_CHANGED_EVENT, invalidate(profileKeys.all));

const byName = (a: ProfileRow, b: ProfileRow) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' });

function useWriteToList() {
  const queryClient = useQueryClient();
  return (row: ProfileRow) =>
    queryClient.setQueryData<ProfileRow[]>(profilesQuery.queryKey, (list = []) =>
      [...list.filter((p) => p.id !== row.id), row].sort(byName),
    );
}

/**
 * Writes a profile's answer into the list. The editor's own user may hold the profile: their permissions are
 * refetched (the live event does the same for every other tab of theirs).
 */
function useAfterProfileSave() {
  const write = useWriteToList();
  const queryClient = useQueryClient();
  return (row: ProfileRow) => {
    write(row);
    const me = queryClient.getQueryData(authUserQuery.queryKey);
    if (me?.grupo.id === row.id) void queryClient.invalidateQueries({ queryKey: authUserQuery.queryKey });
  };
}

export function useCreateProfile() {
  const write = useWriteToList();
  return useMutation({ mutationFn: profilesApi.create, onSuccess: write });
}

export function useUpdateProfile() {
  const after = useAfterProfileSave();
  return useMutation({ mutationFn: profilesApi.update, onSuccess: after });
}

export function useDuplicateProfile() {
  const write = useWriteToList();
  return useMutation({ mutationFn: profilesApi.duplicate, onSuccess: write });
}

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profilesApi.remove,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ProfileRow[]>(profilesQuery.queryKey, (list = []) => list.filter((p) => p.id !== id)),
  });
}

/** A module on or off for the whole company: the switch is written into the catalogue; everyone's permissions follow. */
export function useSwitchModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profilesApi.switchModule,
    onSuccess: (answer) => {
      queryClient.setQueryData<PermissionCatalogue>(catalogueQuery.queryKey, (catalogue) =>
        catalogue
          ? {
              groups: catalogue.groups.map((g) =>
                g.group === answer.modulo ? { ...g, module: { enabled: answer.enabled, status: answer.status } } : g,
              ),
            }
          : catalogue,
      );
      void queryClient.invalidateQueries({ queryKey: authUserQuery.queryKey });
    },
  });
}

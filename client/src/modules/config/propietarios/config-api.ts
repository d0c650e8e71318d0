import { hashKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneralConfigInput } from '#domain/schemas/deliveries';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the owners' configuration (CONFIGURE permission: config_propietarios|config_proyectos). */
export const ownersConfigKeys = createQueryKeys('owners-config');
const API = 'entregas';
const projectPath = (projectId: number, part: string) => `${API}/proyectos/${projectId}/configuracion/${part}`;
const data = <T>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export type Contact = { name: string; role: string | null; email: string | null; phone: string | null };
export type GeneralConfig = {
  municipal_reception_date: string | null;
  real_estate_name: string | null;
  real_estate_id_number: string | null;
  legal_representative: string | null;
  legal_representative_id_number: string | null;
  tax_ids: string[];
  contacts: Contact[];
  response_time_hours: number | null;
  response_action: string | null;
  notification_message: string | null;
  owner_confirmation_limit_hours: number | null;
  accessories: string[];
};
export type GlobalConfig = {
  projects: { id: number; name: string }[];
  values: Partial<GeneralConfig>;
  mixed: string[];
};
export type LogoConfig = { logo_path: string | null; company_logo_path: string | null; url: string | null };
export type Plan = {
  id: number;
  name: string;
  path: string;
  url: string;
  size: number;
  type: string;
  created_at: string;
};
export type PlansOfType = {
  unit_type: { id: number; name: string; category: string };
  is_used: boolean;
  plans: Plan[];
};
export type IframeConfig = { enabled: boolean; allowed_origins: string[]; frame_ancestors: string };

export const generalQuery = (projectId: number) =>
  queryOptions({
    queryKey: ownersConfigKeys.detail('general', projectId),
    queryFn: ({ signal }) =>
      data(apiV2.get<DataEnvelope<GeneralConfig>>(projectPath(projectId, 'general'), { signal })),
  });
export const globalQuery = (projectIds: number[]) =>
  queryOptions({
    queryKey: ownersConfigKeys.item('global', { projectIds }),
    queryFn: ({ signal }) =>
      data(
        apiV2.get<DataEnvelope<GlobalConfig>>(`${API}/configuracion/global`, {
          signal,
          query: { project_ids: projectIds },
        }),
      ),
    enabled: projectIds.length > 0,
  });
export const logoQuery = (projectId: number) =>
  queryOptions({
    queryKey: ownersConfigKeys.detail('logo', projectId),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<LogoConfig>>(projectPath(projectId, 'logo'), { signal })),
  });
export const plansQuery = (projectId: number) =>
  queryOptions({
    queryKey: ownersConfigKeys.detail('plans', projectId),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<PlansOfType[]>>(projectPath(projectId, 'planos'), { signal })),
  });
export const iframeQuery = (projectId: number) =>
  queryOptions({
    queryKey: ownersConfigKeys.detail('iframe', projectId),
    queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<IframeConfig>>(projectPath(projectId, 'iframe'), { signal })),
  });

export const ownersConfigApi = {
  saveGeneral: (projectId: number, input: GeneralConfigInput) =>
    data(apiV2.put<DataEnvelope<GeneralConfig>>(projectPath(projectId, 'general'), input)),
  saveGlobal: (input: Partial<Omit<GeneralConfigInput, 'municipal_reception_date'>> & { project_ids: number[] }) =>
    data(apiV2.put<DataEnvelope<GlobalConfig & { updated: number }>>(`${API}/configuracion/global`, input)),
  saveLogo: (projectId: number, logoPath: string | null) =>
    data(apiV2.put<DataEnvelope<LogoConfig>>(projectPath(projectId, 'logo'), { logo_path: logoPath })),
  addPlans: (projectId: number, unitTypeId: number, paths: string[]) =>
    data(
      apiV2.post<DataEnvelope<PlansOfType[]>>(projectPath(projectId, 'planos'), { unit_type_id: unitTypeId, paths }),
    ),
  removePlan: (projectId: number, planId: number) => apiV2.delete(projectPath(projectId, `planos/${planId}`)),
  saveIframe: (projectId: number, input: { enabled: boolean; allowed_origins: string[] }) =>
    data(apiV2.put<DataEnvelope<IframeConfig>>(projectPath(projectId, 'iframe'), input)),
};

// The hooks of /config/propietarios. Each save answers the configuration as it now reads, which becomes
// its query's cache; only the other views of the same values are invalidated.

/** The global views (several projects at once) that show any of these projects. */
const globalsOf = (projectIds: readonly number[]) => ({
  queryKey: ownersConfigKeys.item('global'),
  predicate: (q: { queryKey: readonly unknown[] }) => {
    const args = q.queryKey[2] as { projectIds?: number[] } | undefined;
    return q.queryKey[1] === 'global' && Boolean(args?.projectIds?.some((id) => projectIds.includes(id)));
  },
});

/** general: one project's values; the global views that include the project show them too. */
export function useSaveGeneral(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneralConfigInput) => ownersConfigApi.saveGeneral(projectId, input),
    onSuccess: (general) => {
      queryClient.setQueryData(generalQuery(projectId).queryKey, general);
      void queryClient.invalidateQueries(globalsOf([projectId]));
    },
  });
}

/** global: the answer is the view of the projects written; their own general pages, and other views of them, refetch. */
export function useSaveGlobal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ownersConfigApi.saveGlobal,
    onSuccess: ({ updated: _updated, ...view }, { project_ids }) => {
      const written = globalQuery(project_ids).queryKey;
      queryClient.setQueryData(written, view);
      const others = globalsOf(project_ids);
      void queryClient.invalidateQueries({
        ...others,
        predicate: (q) => others.predicate(q) && q.queryHash !== hashKey(written),
      });
      for (const id of project_ids)
        void queryClient.invalidateQueries({ queryKey: generalQuery(id).queryKey, exact: true });
    },
  });
}

export function useSaveLogo(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logoPath: string | null) => ownersConfigApi.saveLogo(projectId, logoPath),
    onSuccess: (logo) => queryClient.setQueryData(logoQuery(projectId).queryKey, logo),
  });
}

export function useSaveIframe(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enabled: boolean; allowed_origins: string[] }) =>
      ownersConfigApi.saveIframe(projectId, input),
    onSuccess: (iframe) => queryClient.setQueryData(iframeQuery(projectId).queryKey, iframe),
  });
}

/** planos: attaching answers the project's plans; removing one takes it out of them. One pair for the whole page. */
export function usePlans(projectId: number) {
  const queryClient = useQueryClient();
  const key = plansQuery(projectId).queryKey;
  const attach = useMutation({
    mutationFn: ({ unitTypeId, paths }: { unitTypeId: number; paths: string[] }) =>
      ownersConfigApi.addPlans(projectId, unitTypeId, paths),
    onSuccess: (plans) => queryClient.setQueryData(key, plans),
  });
  const remove = useMutation({
    mutationFn: (planId: number) => ownersConfigApi.removePlan(projectId, planId),
    onSuccess: (_answer, planId) =>
      queryClient.setQueryData(key, (groups) =>
        groups?.map((g) => ({ ...g, plans: g.plans.filter((p) => p.id !== planId) })),
      ),
  });
  return { attach, remove };
}

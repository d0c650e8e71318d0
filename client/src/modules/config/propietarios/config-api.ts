import { queryOptions } from '@tanstack/react-query';
import type { GeneralConfigInput } from '#domain/schemas/deliveries';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the owners' configuration (CONFIGURE permission: config_propietarios|config_proyectos). */
export const ownersConfigKeys = createQueryKeys('owners-config');
const API = 'entregas';
const projectPath = (projectId: number, part: string) => `${API}/proyectos/${projectId}/configuracion/${part}`;
const data = <T,>(p: Promise<DataEnvelope<T>>) => p.then((r) => r.data);

export type Contact = { name: string; role: string | null; email: string | null; phone: string | null };
export type GeneralConfig = {
  municipal_reception_date: string | null; real_estate_name: string | null; real_estate_id_number: string | null;
  legal_representative: string | null; legal_representative_id_number: string | null; tax_ids: string[]; contacts: Contact[];
  response_time_hours: number | null; response_action: string | null; notification_message: string | null;
  owner_confirmation_limit_hours: number | null; accessories: string[];
};
export type GlobalConfig = { projects: { id: number; name: string }[]; values: Partial<GeneralConfig>; mixed: string[] };
export type LogoConfig = { logo_path: string | null; company_logo_path: string | null; url: string | null };
export type Plan = { id: number; name: string; path: string; url: string; size: number; type: string; created_at: string };
export type PlansOfType = { unit_type: { id: number; name: string; category: string }; is_used: boolean; plans: Plan[] };
export type IframeConfig = { enabled: boolean; allowed_origins: string[]; frame_ancestors: string };

export const generalQuery = (projectId: number) => queryOptions({
  queryKey: ownersConfigKeys.detail('general', projectId),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<GeneralConfig>>(projectPath(projectId, 'general'), { signal })),
});
export const globalQuery = (projectIds: number[]) => queryOptions({
  queryKey: ownersConfigKeys.item('global', { projectIds }),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<GlobalConfig>>(`${API}/configuracion/global`, { signal, query: { project_ids: projectIds } })),
  enabled: projectIds.length > 0,
});
export const logoQuery = (projectId: number) => queryOptions({
  queryKey: ownersConfigKeys.detail('logo', projectId),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<LogoConfig>>(projectPath(projectId, 'logo'), { signal })),
});
export const plansQuery = (projectId: number) => queryOptions({
  queryKey: ownersConfigKeys.detail('plans', projectId),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<PlansOfType[]>>(projectPath(projectId, 'planos'), { signal })),
});
export const iframeQuery = (projectId: number) => queryOptions({
  queryKey: ownersConfigKeys.detail('iframe', projectId),
  queryFn: ({ signal }) => data(apiV2.get<DataEnvelope<IframeConfig>>(projectPath(projectId, 'iframe'), { signal })),
});

export const ownersConfigApi = {
  saveGeneral: (projectId: number, input: GeneralConfigInput) => data(apiV2.put<DataEnvelope<GeneralConfig>>(projectPath(projectId, 'general'), input)),
  saveGlobal: (input: Partial<Omit<GeneralConfigInput, 'municipal_reception_date'>> & { project_ids: number[] }) =>
    data(apiV2.put<DataEnvelope<GlobalConfig & { updated: number }>>(`${API}/configuracion/global`, input)),
  saveLogo: (projectId: number, logoPath: string | null) => data(apiV2.put<DataEnvelope<LogoConfig>>(projectPath(projectId, 'logo'), { logo_path: logoPath })),
  addPlans: (projectId: number, unitTypeId: number, paths: string[]) => apiV2.post(projectPath(projectId, 'planos'), { unit_type_id: unitTypeId, paths }),
  removePlan: (projectId: number, planId: number) => apiV2.delete(projectPath(projectId, `planos/${planId}`)),
  saveIframe: (projectId: number, input: { enabled: boolean; allowed_origins: string[] }) => data(apiV2.put<DataEnvelope<IframeConfig>>(projectPath(projectId, 'iframe'), input)),
};

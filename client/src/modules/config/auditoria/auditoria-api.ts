import { queryOptions } from '@tanstack/react-query';
import type { AuditAction, AuditEntity } from '#domain/audit';
import type { AuditRow } from '#domain/audit-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope, ListEnvelope } from '../../../api/data.ts';
import { createQueryKeys, LIST_QUERY_DEFAULTS } from '../../../api/query.ts';
import { browserTimeZone } from '../../../shared/time-zone.ts';

/** Query keys of the audit log screen (docs/product.md §1 administration). */
export const auditKeys = createQueryKeys('config-audit');
const API = 'configuracion/auditoria';

export type AuditFilters = {
  entity?: AuditEntity;
  action?: AuditAction;
  user_id?: number;
  from?: string;
  to?: string;
  page: number;
};

/** The filters as the server reads them: whole days in the browser's zone. */
const queryOf = ({ page: _page, ...filters }: AuditFilters) => ({ ...filters, tz: browserTimeZone() });

export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.list('audit', filters),
    queryFn: ({ signal }) =>
      apiV2.get<ListEnvelope<AuditRow>>(API, { signal, query: { ...queryOf(filters), page: filters.page } }),
    ...LIST_QUERY_DEFAULTS,
  });

export const auditActorsQuery = () =>
  queryOptions({
    queryKey: auditKeys.item('actors'),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<{ id: number; full_name: string; username: string }[]>>(`${API}/usuarios`, { signal })
        .then((r) => r.data),
  });

/** docs/product.md §7 export of the filtered trail (the whole set, not the page shown). */
export const exportAudit = (format: 'xlsx' | 'csv', filters: AuditFilters) =>
  apiV2.get<Blob>(`${API}/exportar`, { responseType: 'blob', query: { ...queryOf(filters), format } });

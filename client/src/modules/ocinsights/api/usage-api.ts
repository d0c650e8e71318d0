import { queryOptions } from '@tanstack/react-query';
import type { ActiveUsers, Adoption, ModuleUsage, NeverSignedIn } from '#domain/insights-responses';
import type { UsageQuery } from '#domain/schemas/insights';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { ocinsightsKeys } from './keys.ts';

/** The usage insights routes (docs/api.md, Insights; server/src/modules/ocinsights/usabilidad/routes.ts). */
export const USAGE_API = 'ocinsights/uso';

const get = <T>(path: string, signal: AbortSignal, query?: Record<string, string | number | undefined>) =>
  apiV2.get<DataEnvelope<T>>(`${USAGE_API}/${path}`, { signal, query }).then((r) => r.data);

/** GET ocinsights/uso/activos: distinct active users per day and per week, and the range's total of the staff. */
export const activeUsersQuery = (query: UsageQuery) =>
  queryOptions({
    queryKey: ocinsightsKeys.activeUsers(query),
    queryFn: ({ signal }) => get<ActiveUsers>('activos', signal, query),
  });

/** GET ocinsights/uso/modulos: screens and actions per module, and the most used names. */
export const moduleUsageQuery = (query: UsageQuery) =>
  queryOptions({
    queryKey: ocinsightsKeys.modules(query),
    queryFn: ({ signal }) => get<ModuleUsage>('modulos', signal, query),
  });

/** GET ocinsights/uso/adopcion: users vs members per project and per profile (no project filter: it is per project). */
export const adoptionQuery = (query: Pick<UsageQuery, 'from' | 'to'>) =>
  queryOptions({
    queryKey: ocinsightsKeys.adoption(query),
    queryFn: ({ signal }) => get<Adoption>('adopcion', signal, { from: query.from, to: query.to }),
  });

/** GET ocinsights/uso/sin-ingreso: active staff accounts that never signed in (no range). */
export const neverSignedInQuery = () =>
  queryOptions({
    queryKey: ocinsightsKeys.neverSignedIn(),
    queryFn: ({ signal }) => get<NeverSignedIn>('sin-ingreso', signal),
  });

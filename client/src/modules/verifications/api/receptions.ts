import { queryOptions } from '@tanstack/react-query';
import type { ReceptionDetail, ReceptionList } from '#domain/verifications-responses';
import type { ReceptionState } from '#domain/verifications';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { verificationKeys } from './keys.ts';

/** The verifications routes (docs/api.md, Verifications; server/src/modules/verifications), mounted at `verificaciones`. */
export const VERIFICATIONS_API = 'verificaciones';

/**
 * GET verificaciones/recepciones's filters, by the API's own names (domain/schemas/verifications.ts
 * receptionListQuerySchema) but the project, which the key and the call add; states travel comma-separated.
 */
export type ReceptionListFilter = {
  q?: string;
  state?: ReceptionState[];
  work_package?: string;
  from?: string;
  to?: string;
};

/** A project's receptions (no page: the Gantt asks for all of them), under the project's work() key. */
export const receptionListQuery = (projectId: number, query: ReceptionListFilter = {}) =>
  queryOptions({
    queryKey: verificationKeys.receptionList(projectId, query),
    queryFn: ({ signal }) =>
      apiV2.get<ReceptionList>(`${VERIFICATIONS_API}/recepciones`, {
        signal,
        query: {
          project_id: projectId,
          q: query.q || undefined,
          state: query.state?.length ? query.state.join(',') : undefined,
          work_package: query.work_package || undefined,
          from: query.from || undefined,
          to: query.to || undefined,
        },
      }),
  });

/** One reception with its checkpoints, signatures and follow-ups, read by its id alone. */
export const receptionQuery = (receptionId: number) =>
  queryOptions({
    queryKey: verificationKeys.reception(receptionId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<ReceptionDetail>>(`${VERIFICATIONS_API}/recepciones/${receptionId}`, { signal })
        .then((r) => r.data),
  });

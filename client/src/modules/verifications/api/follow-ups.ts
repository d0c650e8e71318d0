import { queryOptions } from '@tanstack/react-query';
import type { FollowUpRow } from '#domain/verifications-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { verificationKeys } from './keys.ts';
import { VERIFICATIONS_API } from './receptions.ts';

/** GET verificaciones/seguimientos's filter (domain/schemas/verifications.ts followUpListQuerySchema): overdue is a flag. */
export const FOLLOW_UP_FILTERS = ['abierto', 'vencido', 'cerrado'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];

/** A project's follow-ups (open first, by due date), under the project's work() key so its live events refresh them. */
export const followUpsQuery = (projectId: number, query: { state?: FollowUpFilter } = {}) =>
  queryOptions({
    queryKey: verificationKeys.followUps(projectId, query),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<FollowUpRow[]>>(`${VERIFICATIONS_API}/seguimientos`, {
          signal,
          query: { project_id: projectId, state: query.state },
        })
        .then((r) => r.data),
  });

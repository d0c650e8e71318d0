import { queryOptions } from '@tanstack/react-query';
import type { PersonBrief } from '#domain/responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import type { UserOptionV2 } from '../../../widgets/user-select.tsx';
import { cmanagementKeys } from './keys.ts';
import { CM_API } from './tickets.ts';

/** A person as GET cmanagement/personas answers (server/src/db/staff.ts staffOption). */
export type CmPerson = PersonBrief & { username: string; image_url: string | null };

/** GET cmanagement/personas: who a ticket, issue or task of the project may be assigned to or mention. */
export const peopleQuery = (projectId: number | null) =>
  queryOptions({
    queryKey: cmanagementKeys.people(projectId),
    queryFn: ({ signal }) =>
      apiV2
        .get<DataEnvelope<CmPerson[]>>(`${CM_API}/personas`, {
          signal,
          query: projectId ? { project_id: projectId } : {},
        })
        .then((r) => r.data),
    staleTime: 60_000,
  });

/** People as the user select shows them (widgets/user-select.tsx). */
export const asUserOptions = (people: readonly PersonBrief[]): UserOptionV2[] =>
  people.map((p) => ({
    id: p.id,
    full_name: p.full_name,
    username: p.acronym,
    acronym: p.acronym,
    is_enabled: p.is_enabled,
  }));

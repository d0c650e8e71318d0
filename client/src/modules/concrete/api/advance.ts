import { queryOptions } from '@tanstack/react-query';
import type { Advance } from '#domain/concrete-placements-responses';
import { apiV2 } from '../../../api/clients.ts';
import { concreteKeys } from './keys.ts';
import { projectPath } from './uploader.ts';

/** GET hormigon/proyectos/{projectId}/avance (server/src/modules/concrete/advance): under work(), so live refetches. */
export const advanceQuery = (projectId: number) =>
  queryOptions({
    queryKey: concreteKeys.advance(projectId),
    queryFn: ({ signal }) => apiV2.get<Advance>(projectPath(projectId, 'avance'), { signal }),
  });

import { queryOptions } from '@tanstack/react-query';
import type { ConcreteModelResponse } from '#domain/concrete-placements-responses';
import { apiV2 } from '../../../api/clients.ts';
import { CONCRETE_API } from './config.ts';
import { concreteKeys } from './keys.ts';

/** concrete/uploader's reads (server/src/modules/concrete/uploader): the project's Concrete model. */
export const projectPath = (projectId: number, tail: string) => `${CONCRETE_API}/proyectos/${projectId}/${tail}`;

export const concreteModelQuery = (projectId: number) =>
  queryOptions({
    queryKey: concreteKeys.model(projectId),
    queryFn: ({ signal }) => apiV2.get<ConcreteModelResponse>(projectPath(projectId, 'modelo'), { signal }),
  });

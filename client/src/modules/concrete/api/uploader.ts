import { queryOptions } from '@tanstack/react-query';
import type { ConcreteDocument, ConcreteModelResponse } from '#domain/concrete-placements-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { CONCRETE_API } from './config.ts';
import { concreteKeys } from './keys.ts';

/** concrete/uploader's reads (server/src/modules/concrete/uploader): the project's Concrete model and documents. */
export const projectPath = (projectId: number, tail: string) => `${CONCRETE_API}/proyectos/${projectId}/${tail}`;

export const concreteModelQuery = (projectId: number) =>
  queryOptions({
    queryKey: concreteKeys.model(projectId),
    queryFn: ({ signal }) => apiV2.get<ConcreteModelResponse>(projectPath(projectId, 'modelo'), { signal }),
  });

/** The project's supporting documents (PDFs), oldest first. */
export const concreteDocumentsQuery = (projectId: number) =>
  queryOptions({
    queryKey: concreteKeys.documents(projectId),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<ConcreteDocument[]>>(projectPath(projectId, 'documentos'), { signal }).then((r) => r.data),
  });

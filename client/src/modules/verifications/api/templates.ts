import { queryOptions } from '@tanstack/react-query';
import type { ReceptionTemplate } from '#domain/verifications-responses';
import { apiV2 } from '../../../api/clients.ts';
import type { DataEnvelope } from '../../../api/data.ts';
import { verificationKeys } from './keys.ts';
import { VERIFICATIONS_API } from './receptions.ts';

/**
 * The order the server lists templates in (server/src/modules/verifications/templates): active first, then by name,
 * so a written template lands where the next read would put it.
 */
export const templateOrder = (list: ReceptionTemplate[]) =>
  [...list].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'es') ||
      a.id - b.id,
  );

/** GET verificaciones/plantillas: the company's reception templates (config/recepciones, and the program's select). */
export const templatesQuery = () =>
  queryOptions({
    queryKey: verificationKeys.templates(),
    queryFn: ({ signal }) =>
      apiV2.get<DataEnvelope<ReceptionTemplate[]>>(`${VERIFICATIONS_API}/plantillas`, { signal }).then((r) => r.data),
  });

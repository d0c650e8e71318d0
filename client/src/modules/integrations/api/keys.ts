import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the integrations module (server/src/modules/integrations). */
export const integrationsKeys = createQueryKeys('integrations');

import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the integrations module (server/src/modules/integrations): every key starts with 'integrations'. */
export const integrationsKeys = createQueryKeys('integrations');

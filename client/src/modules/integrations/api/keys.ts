import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of config/integraciones (server/src/modules/integrations). */
export const integrationsKeys = createQueryKeys('integrations');

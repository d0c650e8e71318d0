import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the integrations module (docs/modules.md §5): every key starts with 'integrations'. */
export const integrationsKeys = createQueryKeys('integrations');

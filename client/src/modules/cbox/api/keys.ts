import { createQueryKeys } from '../../../api/query.ts';

/** Query keys of the cbox module (docs/modules.md §5): every key starts with 'cbox'. */
export const cboxKeys = createQueryKeys('cbox');

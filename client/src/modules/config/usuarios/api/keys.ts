import { createQueryKeys } from '../../../../api/query.ts';

const ROOT = 'config-users';
const base = createQueryKeys(ROOT);

/** The query-key factory of user administration (/config/usuarios); `lists()` reaches every page of the list. */
export const userKeys = {
  ...base,
  user: (id: number) => [ROOT, 'user', id] as const,
  options: () => [ROOT, 'options'] as const,
  limits: () => [ROOT, 'limits'] as const,
};

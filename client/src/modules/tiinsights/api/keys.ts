import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('tiinsights');

/**
 * Query keys of the tiinsights module (docs/modules.md §5): every key starts with 'tiinsights'. Health sits under
 * `health()` (the list and each company), so a write that changes a company's row (its plan, an overdue invoice)
 * refreshes both by one prefix.
 */
export const tiinsightsKeys = {
  ...base,
  health: () => [...base.all, 'health'] as const,
  companies: () => [...base.all, 'health', 'list'] as const,
  company: (companyId: number) => [...base.all, 'health', 'company', companyId] as const,
  billing: (companyId: number) => [...base.all, 'billing', companyId] as const,
  exports: () => [...base.all, 'exports'] as const,
};

import { createQueryKeys } from '../../../api/query.ts';

const base = createQueryKeys('billing');

/** Query keys of the billing module (docs/modules.md §5): every key starts with 'billing'. */
export const billingKeys = {
  ...base,
  /** GET facturacion: the caller's company's plan, limits, usage and invoices. */
  overview: () => [...base.all, 'overview'] as const,
};

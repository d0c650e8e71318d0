import type { PlanView } from '#domain/billing-responses';

/** The plan form's values: the numbers are null while their field is empty (domain/schemas/billing.ts planSchema). */
export type PlanValues = {
  name: string;
  modules: string[];
  base_price: number | null;
  price_per_user: number | null;
  storage_quota_mb: number | null;
  storage_overage_price: number | null;
  due_days: number | null;
};

/** Days to pay a new plan's invoices, until the provider says otherwise. */
export const DEFAULT_DUE_DAYS = 30;

/** The form starts from the company's plan, or empty (with the usual payment term) when it has none. */
export function planValuesOf(plan: PlanView | null): PlanValues {
  if (!plan)
    return {
      name: '',
      modules: [],
      base_price: null,
      price_per_user: null,
      storage_quota_mb: null,
      storage_overage_price: null,
      due_days: DEFAULT_DUE_DAYS,
    };
  return {
    name: plan.name,
    modules: [...plan.modules],
    base_price: plan.base_price,
    price_per_user: plan.price_per_user,
    storage_quota_mb: plan.storage_quota_mb,
    storage_overage_price: plan.storage_overage_price,
    due_days: plan.due_days,
  };
}

/** A module switched on or off, kept in the catalogue's order. */
export function toggleModule(modules: readonly string[], module: string, on: boolean, order: readonly string[]) {
  const next = new Set(modules);
  if (on) next.add(module);
  else next.delete(module);
  return order.filter((m) => next.has(m));
}

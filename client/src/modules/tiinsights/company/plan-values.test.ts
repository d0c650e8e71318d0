import { describe, expect, it } from 'vitest';
import { PLAN_MODULES } from '#domain/billing';
import { planSchema } from '#domain/schemas/billing';
import { planView as plan } from '../test/fixtures.ts';
import { DEFAULT_DUE_DAYS, planValuesOf, toggleModule } from './plan-values.ts';

describe('plan form values', () => {
  it("starts from the company's plan, which the shared schema accepts as is", () => {
    const values = planValuesOf(plan());
    expect(planSchema.safeParse(values).success).toBe(true);
  });

  it('starts empty without a plan: the schema asks for the name and the prices', () => {
    const values = planValuesOf(null);
    expect(values.due_days).toBe(DEFAULT_DUE_DAYS);
    const r = planSchema.safeParse(values);
    expect(r.success).toBe(false);
    const fields = new Set(r.error?.issues.map((i) => i.path.join('.')));
    expect([...fields].sort()).toEqual(['base_price', 'name', 'price_per_user', 'storage_overage_price']);
  });

  it("keeps modules in the catalogue's order", () => {
    const on = toggleModule(['postventa'], 'hormigon', true, PLAN_MODULES);
    expect(on).toEqual(['hormigon', 'postventa']);
    expect(toggleModule(on, 'hormigon', false, PLAN_MODULES)).toEqual(['postventa']);
  });
});

import { eq } from 'drizzle-orm';
import type { PlanInput } from '#domain/schemas/billing';
import type { CompanyModule } from '#domain/permission-catalogue';
import type { SessionUser } from '../../../http/context.ts';
import type { Db } from '../../../db/client.ts';
import { billingPlans } from '../../../db/schema/index.ts';
import { recordAudit } from '../../config/service.ts';
import { companyCalendar } from '../shared/today.ts';
import { planView } from '../overview/overview.ts';

/** The provider sets a company's plan (docs/decisions.md D-284); the change is in that company's audit trail. */
export async function savePlan(db: Db, provider: SessionUser, companyId: number, input: PlanInput) {
  await companyCalendar(db, companyId); // an unknown company is a 404
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(billingPlans).where(eq(billingPlans.companyId, companyId));
    const values = {
      name: input.name,
      modules: input.modules as CompanyModule[],
      basePrice: input.base_price,
      pricePerUser: input.price_per_user,
      storageQuotaMb: input.storage_quota_mb ?? null,
      storageOveragePrice: input.storage_overage_price,
      dueDays: input.due_days,
      updatedBy: provider.id,
      updatedAt: new Date(),
    };
    const [saved] = await tx
      .insert(billingPlans)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: billingPlans.companyId, set: values })
      .returning();
    const view = ({ updated_at: _, ...rest }: ReturnType<typeof planView>) => rest;
    await recordAudit(
      tx,
      { companyId, userId: provider.id },
      {
        entity: 'billing_plan',
        entityId: companyId,
        action: before ? 'updated' : 'created',
        before: before ? view(planView(before)) : null,
        after: view(planView(saved)),
      },
    );
  });
}

import { eq } from 'drizzle-orm';
import { CONCRETE_SETTINGS_DEFAULTS, type ConcreteSettings } from '#domain/concrete';
import type { ConcreteSettingsResponse } from '#domain/concrete-responses';
import type { ConcreteSettingsInput } from '#domain/schemas/concrete';
import type { DbOrTx } from '../../../db/client.ts';
import { concreteSettings } from '../../../db/schema/index.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { announceConfigChange } from './events.ts';

/**
 * hormigon/configuracion (docs/api.md, Concrete; docs/decisions.md D-280): the company's m3, batch and acceptance
 * settings, one row per company. A company that never saved them runs on CONCRETE_SETTINGS_DEFAULTS, answered with
 * `updated_at: null`.
 */

type SettingsRow = typeof concreteSettings.$inferSelect;

const columnsOf = (s: ConcreteSettings) => ({
  truckM3Max: s.truck_m3_max,
  placementM3Max: s.placement_m3_max,
  m3TolerancePct: s.m3_tolerance_pct,
  batchM3Max: s.batch_m3_max,
  batchDaysMax: s.batch_days_max,
  acceptanceAgeDays: s.acceptance_age_days,
  acceptanceConsecutive: s.acceptance_consecutive,
  meanMarginMpa: s.mean_margin_mpa,
  singleMarginMpa: s.single_margin_mpa,
});

const settingsOf = (r: SettingsRow): ConcreteSettingsResponse => ({
  truck_m3_max: r.truckM3Max,
  placement_m3_max: r.placementM3Max,
  m3_tolerance_pct: r.m3TolerancePct,
  batch_m3_max: r.batchM3Max,
  batch_days_max: r.batchDaysMax,
  acceptance_age_days: r.acceptanceAgeDays,
  acceptance_consecutive: r.acceptanceConsecutive,
  mean_margin_mpa: r.meanMarginMpa,
  single_margin_mpa: r.singleMarginMpa,
  updated_at: r.updatedAt.toISOString(),
});

/** The company's settings, or the defaults while it has none. */
export async function concreteSettingsOf(db: DbOrTx, companyId: number): Promise<ConcreteSettingsResponse> {
  const [row] = await db.select().from(concreteSettings).where(eq(concreteSettings.companyId, companyId));
  return row ? settingsOf(row) : { ...CONCRETE_SETTINGS_DEFAULTS, updated_at: null };
}

/** PUT: the whole settings (concreteSettingsSchema), written over the company's row or as its first. */
export async function saveConcreteSettings(
  deps: AppDeps,
  user: SessionUser,
  input: ConcreteSettingsInput,
): Promise<ConcreteSettingsResponse> {
  return transactionWithEvents(deps, async (tx) => {
    const values = { ...columnsOf(input), updatedAt: new Date() };
    const [row] = await tx
      .insert(concreteSettings)
      .values({ companyId: user.companyId, ...values })
      .onConflictDoUpdate({ target: concreteSettings.companyId, set: values })
      .returning();
    await announceConfigChange(tx, {
      companyId: user.companyId,
      actorId: user.id,
      catalogue: 'settings',
      id: null,
      action: 'updated',
    });
    return settingsOf(row);
  });
}

import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { accessoriesSchema, detailsSchema } from '#domain/schemas/deliveries';
import { deliveryAccessories, deliveryFichas, projectSettings } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { emitFichaEvent } from '../shared/events.ts';
import { ensureFicha, loadFicha, loadUnit, type Ficha } from '../shared/scope.ts';

type DetailsInput = z.output<typeof detailsSchema>;
type AccessoriesInput = z.output<typeof accessoriesSchema>;
const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const dec = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(2));

export const readingsOf = (f: Ficha | undefined) => ({
  light: num(f?.readingLight),
  cold_water: num(f?.readingColdWater),
  hot_water: num(f?.readingHotWater),
  gas: num(f?.readingGas),
  heating: num(f?.readingHeating),
});

/** detalles tab (docs/product.md §3 Ficha details): parkings, stores and the meter readings. */
export async function detailsOf(db: DbOrTx, user: SessionUser, unitId: number) {
  await loadUnit(db, user, unitId);
  const f = await loadFicha(db, unitId);
  return {
    parkings: f?.parkings ?? [],
    storages: f?.storages ?? [],
    readings: readingsOf(f),
    observations: f?.detailsObservations ?? null,
  };
}

/** Saves what was sent (a field left out is kept; null clears a reading). */
export async function saveDetails(deps: AppDeps, user: SessionUser, unitId: number, input: DetailsInput) {
  const unit = await loadUnit(deps.database.db, user, unitId);
  const patch: Partial<typeof deliveryFichas.$inferInsert> = { updatedBy: user.id, updatedAt: new Date() };
  if (input.parkings) patch.parkings = input.parkings;
  if (input.storages) patch.storages = input.storages;
  if (input.observations !== undefined) patch.detailsObservations = input.observations;
  const r = input.readings ?? {};
  if (r.light !== undefined) patch.readingLight = dec(r.light);
  if (r.cold_water !== undefined) patch.readingColdWater = dec(r.cold_water);
  if (r.hot_water !== undefined) patch.readingHotWater = dec(r.hot_water);
  if (r.gas !== undefined) patch.readingGas = dec(r.gas);
  if (r.heating !== undefined) patch.readingHeating = dec(r.heating);
  await transactionWithEvents(deps, async (tx) => {
    await ensureFicha(tx, unit, user.id);
    await tx.update(deliveryFichas).set(patch).where(eq(deliveryFichas.unitId, unitId));
    await emitFichaEvent(tx, unit, { actorId: user.id, action: 'details.save' });
  });
  return detailsOf(deps.database.db, user, unitId);
}

/**
 * accesorios tab (docs/product.md §3: delivered, quantity). A ficha with none saved starts from the project's
 * list (config general → accessories), not yet stored.
 */
export async function accessoriesOf(db: DbOrTx, user: SessionUser, unitId: number) {
  const unit = await loadUnit(db, user, unitId);
  const rows = await db
    .select()
    .from(deliveryAccessories)
    .where(eq(deliveryAccessories.unitId, unitId))
    .orderBy(asc(deliveryAccessories.position), asc(deliveryAccessories.id));
  if (rows.length)
    return {
      is_template: false,
      accessories: rows.map((a) => ({ id: a.id, name: a.name, delivered: a.isDelivered, quantity: a.quantity })),
    };
  const [settings] = await db
    .select({ delivery: projectSettings.delivery })
    .from(projectSettings)
    .where(eq(projectSettings.projectId, unit.projectId));
  const names = Array.isArray(settings?.delivery?.accessories) ? (settings.delivery.accessories as string[]) : [];
  return { is_template: true, accessories: names.map((name) => ({ id: null, name, delivered: false, quantity: 0 })) };
}

/** Replaces the unit's accessories with the list sent, in its order. */
export async function saveAccessories(deps: AppDeps, user: SessionUser, unitId: number, input: AccessoriesInput) {
  const unit = await loadUnit(deps.database.db, user, unitId);
  await transactionWithEvents(deps, async (tx) => {
    await tx.delete(deliveryAccessories).where(eq(deliveryAccessories.unitId, unitId));
    if (input.accessories.length) {
      await tx.insert(deliveryAccessories).values(
        input.accessories.map((a, position) => ({
          companyId: user.companyId,
          unitId,
          name: a.name,
          isDelivered: a.delivered,
          quantity: a.quantity,
          position,
        })),
      );
    }
    await emitFichaEvent(tx, unit, {
      actorId: user.id,
      action: 'accessories.save',
      data: { count: input.accessories.length },
    });
  });
  return accessoriesOf(deps.database.db, user, unitId);
}

import { randomBytes, createHash } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { translator } from '../lib/i18n.ts';
import {
  activityLog,
  catalogueAreas,
  catalogueFailureTypes,
  catalogueItems,
  cataloguePlaces,
  deliveryAccessories,
  deliveryFichas,
  deliveryRevisionResults,
  deliverySchedules,
  owners,
  projectSettings,
  tasks,
  unitOwners,
  units,
  users,
} from './schema/index.ts';

const day = 86_400_000;
const ACCESSORIES = [
  ['Juego de llaves', 3],
  ['Control remoto portón', 2],
  ['Tarjeta de acceso', 2],
  ['Manual del propietario', 1],
] as const;

/**
 * Deliveries demo data: for the delivered units of the first project, the ficha details
 * (parkings, storages, meter readings), accessories, the pre-delivery revision (failures pending
 * where the unit was delivered with observations) and the act's attendees; and a few deliveries
 * scheduled in the coming days, with the responsible's tasks. Runs after the after-sales seed,
 * whose catalogue it uses (without one, the revision is skipped).
 */
export async function seedDeliveries(tx: Tx, input: { companyId: number; projectIds: number[]; now: Date }) {
  const { companyId, projectIds, now } = input;
  const projectId = projectIds[0];
  const staff = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'staff')));
  const inspector = staff.find((u) => u.username === 'inspector')!;
  const supervisor = staff.find((u) => u.username === 'supervisor')!;

  await tx
    .insert(projectSettings)
    .values({ projectId, companyId, delivery: { accessories: ACCESSORIES.map(([name]) => name) } })
    .onConflictDoUpdate({
      target: projectSettings.projectId,
      set: { delivery: { accessories: ACCESSORIES.map(([name]) => name) } },
    });

  const delivered = await tx
    .select()
    .from(units)
    .where(and(eq(units.projectId, projectId), ne(units.deliveryState, 'por_entregar')))
    .orderBy(asc(units.id));
  const people = delivered.length
    ? await tx
        .select({ unitId: unitOwners.unitId, role: unitOwners.role, owner: owners })
        .from(unitOwners)
        .innerJoin(owners, eq(owners.id, unitOwners.ownerId))
        .where(
          inArray(
            unitOwners.unitId,
            delivered.map((u) => u.id),
          ),
        )
    : [];
  await tx.insert(deliveryFichas).values(
    delivered.map((u, k) => {
      const person = people.find((p) => p.unitId === u.id);
      return {
        unitId: u.id,
        companyId,
        projectId,
        parkings: [`E-${100 + k}`],
        storages: k % 2 === 0 ? [`B-${20 + k}`] : [],
        readingLight: (1200 + k * 37.5).toFixed(2),
        readingColdWater: (15 + k * 0.75).toFixed(2),
        readingHotWater: (8 + k * 0.5).toFixed(2),
        readingGas: (3 + k * 0.25).toFixed(2),
        readingHeating: k % 3 === 0 ? (40 + k).toFixed(2) : null,
        deliveredBy: inspector.id,
        deliveryRecordedAt: new Date(`${u.deliveryDate}T14:00:00Z`),
        representativeId: supervisor.id,
        attendees: person
          ? [{ ownerId: person.owner.id, name: person.owner.name, lastName: person.owner.lastName, role: person.role }]
          : [],
        actObservations:
          u.deliveryState === 'entregada_obs'
            ? 'Se entrega con observaciones registradas en la revisión'
            : 'Unidad entregada conforme',
        updatedBy: inspector.id,
      };
    }),
  );
  await tx.insert(deliveryAccessories).values(
    delivered.flatMap((u, k) =>
      ACCESSORIES.map(([name, quantity], position) => ({
        companyId,
        unitId: u.id,
        name,
        quantity,
        position,
        isDelivered: !(position === 3 && k % 4 === 0),
      })),
    ),
  );
  await tx.insert(activityLog).values(
    delivered.map((u) => ({
      companyId,
      projectId,
      entityType: 'unit',
      entityId: u.id,
      action: 'ficha.deliver',
      fromState: 'por_entregar',
      toState: u.deliveryState,
      userId: inspector.id,
      data: { deliveryDate: u.deliveryDate },
      createdAt: new Date(`${u.deliveryDate}T14:30:00Z`),
    })),
  );
  await seedRevision(tx, companyId, projectId, delivered, inspector.id);
  await seedSchedules(tx, companyId, projectId, now, inspector.id, supervisor.id);
}

/** Four catalogue items per delivered unit: all comply, except two failures where it was delivered with observations. */
async function seedRevision(
  tx: Tx,
  companyId: number,
  projectId: number,
  delivered: (typeof units.$inferSelect)[],
  userId: number,
) {
  const rows: (typeof deliveryRevisionResults.$inferInsert)[] = [];
  // One catalogue read per unit type, not per unit: the seed runs before every test file.
  const typeIds = [...new Set(delivered.flatMap((u) => (u.unitTypeId ? [u.unitTypeId] : [])))];
  const picks = typeIds.length
    ? await tx
        .select({
          typeId: catalogueAreas.unitTypeId,
          item: catalogueItems,
          place: cataloguePlaces,
          failure: catalogueFailureTypes,
        })
        .from(catalogueItems)
        .innerJoin(cataloguePlaces, eq(cataloguePlaces.id, catalogueItems.placeId))
        .innerJoin(catalogueAreas, eq(catalogueAreas.id, cataloguePlaces.areaId))
        .innerJoin(catalogueFailureTypes, eq(catalogueFailureTypes.itemId, catalogueItems.id))
        .where(inArray(catalogueAreas.unitTypeId, typeIds))
        .orderBy(asc(catalogueItems.id), asc(catalogueFailureTypes.id))
    : [];
  for (const unit of delivered) {
    const ofType = picks.filter((p) => p.typeId === unit.unitTypeId);
    const items = ofType.filter((p, i) => ofType.findIndex((q) => q.item.id === p.item.id) === i).slice(0, 4);
    items.forEach((p, i) => {
      const isFailure = unit.deliveryState === 'entregada_obs' && i < 2;
      rows.push({
        companyId,
        projectId,
        unitId: unit.id,
        placeId: p.place.id,
        itemId: p.item.id,
        placeName: p.place.name,
        itemName: p.item.name,
        outcome: isFailure ? ('falla' as const) : ('cumple' as const),
        failureTypeId: isFailure ? p.failure.id : null,
        failureName: isFailure ? p.failure.name : null,
        severity: isFailure ? p.failure.severity : null,
        observation: isFailure ? 'Detectado en la revisión previa a la entrega' : null,
        updatedBy: userId,
      });
    });
  }
  if (rows.length) await tx.insert(deliveryRevisionResults).values(rows);
}

/** Deliveries in the coming days for units with owners, to confirm or confirmed, with the inspector's tasks. */
async function seedSchedules(
  tx: Tx,
  companyId: number,
  projectId: number,
  now: Date,
  inspectorId: number,
  supervisorId: number,
) {
  const candidates = await tx
    .select({ unit: units })
    .from(units)
    .innerJoin(unitOwners, eq(unitOwners.unitId, units.id))
    .where(and(eq(units.projectId, projectId), eq(units.deliveryState, 'por_entregar')))
    .orderBy(asc(units.id))
    .limit(6);
  for (const [k, { unit }] of candidates.entries()) {
    const start = new Date(now.getTime() + (k + 1) * day);
    start.setUTCHours(13 + (k % 3) * 2, 0, 0, 0); // 10:00, 12:00 or 14:00 in Chile
    const confirmed = k % 2 === 1;
    await tx.insert(deliverySchedules).values({
      companyId,
      projectId,
      unitId: unit.id,
      startAt: start,
      responsibleId: inspectorId,
      state: confirmed ? 'confirmada' : 'por_confirmar',
      ownerDecisionAt: confirmed ? now : null,
      ownerDecisionBy: confirmed ? 'owner' : null,
      confirmTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      createdBy: supervisorId,
    });
    await tx.update(units).set({ scheduledDeliveryAt: start, responsibleId: inspectorId }).where(eq(units.id, unit.id));
    await tx.insert(tasks).values({
      companyId,
      userId: inspectorId,
      projectId,
      kind: 'entregas',
      link: `/warranties/ficha/${unit.id}`,
      dueAt: start,
      title: translator('es')('deliveries.tasks.delivery', { unit: unit.number }),
    });
  }
}

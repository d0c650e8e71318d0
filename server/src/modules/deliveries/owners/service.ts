import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ownerPatchSchema, ownerSchema } from '#domain/schemas/deliveries';
import { owners, unitOwners, users } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, notFound } from '../../../lib/errors.ts';
import { transactionWithEvents } from '../../../events/outbox.ts';
import { emitFichaEvent } from '../shared/events.ts';
import { loadUnit, unitPeople } from '../shared/scope.ts';

type OwnerInput = z.output<typeof ownerSchema>;
type OwnerPatch = z.output<typeof ownerPatchSchema>;

/** propietarios tab (docs/product.md §3 Owner/receiver): name, last name, mail, phone, role, and whether they can be notified. */
export async function listOwners(deps: AppDeps, user: SessionUser, unitId: number) {
  const db = deps.database.db;
  await loadUnit(db, user, unitId);
  const people = await unitPeople(db, unitId);
  const accounts = await Promise.all(
    people.map(async (p) => {
      if (!p.userId) return undefined;
      const [account] = await db.select().from(users).where(eq(users.id, p.userId));
      return account;
    }),
  );
  return people.map((p, i) => ({
    id: p.id,
    name: p.name,
    last_name: p.lastName,
    mail: p.mail,
    phone: p.phone,
    rut: p.rut,
    role: p.role,
    has_account: Boolean(accounts[i]),
    // docs/product.md §5: an owner without a verified e-mail cannot get notifications.
    can_be_notified: Boolean(accounts[i]?.email && accounts[i]?.emailVerifiedAt && accounts[i]?.isActive),
  }));
}

/** Adds a new person to the unit, or links an existing owner of the company (someone buying a second unit). */
export async function addOwner(deps: AppDeps, user: SessionUser, unitId: number, input: OwnerInput) {
  const unit = await loadUnit(deps.database.db, user, unitId);
  return transactionWithEvents(deps, async (tx) => {
    let ownerId = input.owner_id;
    if (ownerId) {
      const [existing] = await tx
        .select()
        .from(owners)
        .where(and(eq(owners.id, ownerId), eq(owners.companyId, user.companyId)));
      if (!existing)
        throw new ApiError(422, 'errors.validation', undefined, [
          { field: 'owner_id', key: 'deliveries.errors.invalid_owner' },
        ]);
      const [linked] = await tx
        .select()
        .from(unitOwners)
        .where(and(eq(unitOwners.unitId, unitId), eq(unitOwners.ownerId, ownerId)));
      if (linked)
        throw new ApiError(422, 'errors.validation', undefined, [
          { field: 'owner_id', key: 'deliveries.errors.already_linked' },
        ]);
    } else {
      const [created] = await tx
        .insert(owners)
        .values({
          companyId: user.companyId,
          name: input.name,
          lastName: input.last_name ?? '',
          mail: input.mail ?? null,
          phone: input.phone ?? null,
          rut: input.rut ?? null,
        })
        .returning();
      ownerId = created.id;
    }
    await tx.insert(unitOwners).values({ unitId, ownerId, companyId: user.companyId, role: input.role });
    await emitFichaEvent(tx, unit, { actorId: user.id, action: 'owners.add', data: { ownerId, role: input.role } });
    return { id: ownerId };
  });
}

export async function updateOwner(
  deps: AppDeps,
  user: SessionUser,
  unitId: number,
  ownerId: number,
  input: OwnerPatch,
) {
  const unit = await loadUnit(deps.database.db, user, unitId);
  return transactionWithEvents(deps, async (tx) => {
    const [link] = await tx
      .select()
      .from(unitOwners)
      .where(
        and(eq(unitOwners.unitId, unitId), eq(unitOwners.ownerId, ownerId), eq(unitOwners.companyId, user.companyId)),
      );
    if (!link) throw notFound();
    const patch: Partial<typeof owners.$inferInsert> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.last_name !== undefined) patch.lastName = input.last_name ?? '';
    if (input.mail !== undefined) patch.mail = input.mail;
    if (input.phone !== undefined) patch.phone = input.phone;
    if (input.rut !== undefined) patch.rut = input.rut;
    if (Object.keys(patch).length) await tx.update(owners).set(patch).where(eq(owners.id, ownerId));
    if (input.role && input.role !== link.role)
      await tx
        .update(unitOwners)
        .set({ role: input.role })
        .where(and(eq(unitOwners.unitId, unitId), eq(unitOwners.ownerId, ownerId)));
    await emitFichaEvent(tx, unit, { actorId: user.id, action: 'owners.update', data: { ownerId } });
    return { id: ownerId };
  });
}

/** Removes the person from this unit; the owner record stays (tickets and other units may refer to it). */
export async function removeOwner(deps: AppDeps, user: SessionUser, unitId: number, ownerId: number) {
  const unit = await loadUnit(deps.database.db, user, unitId);
  await transactionWithEvents(deps, async (tx) => {
    const removed = await tx
      .delete(unitOwners)
      .where(
        and(eq(unitOwners.unitId, unitId), eq(unitOwners.ownerId, ownerId), eq(unitOwners.companyId, user.companyId)),
      )
      .returning();
    if (!removed.length) throw notFound();
    await emitFichaEvent(tx, unit, { actorId: user.id, action: 'owners.remove', data: { ownerId } });
  });
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { canSend } from '#machines/engine';
import { fichaMachine } from '#machines/ficha';
import { deliveryScheduleCommands, fichaCommands } from '#domain/fichas';
import type { deliverSchema } from '#domain/schemas/deliveries';
import { deliveryFichas, deliveryRevisionResults } from '../../../db/schema/index.ts';
import type { AppDeps, SessionUser } from '../../../http/context.ts';
import { ApiError, type FieldError } from '../../../lib/errors.ts';
import { assertCommandAllowed } from '../../../auth/guard.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { attachFiles, detachFiles, readableImage } from '../../files/service.ts';
import { FILE_LINKS } from '../shared/file-access.ts';
import { closeDeliveryTasks, refusal } from '../shared/events.ts';
import { fichaStored, linkPassedFailures, pendingFailureCount, persistUnitState, runFicha } from './commands.ts';
import { loadFicha, loadUnit, unitPeople, type Unit } from '../shared/scope.ts';
import { createAfterSalesTicket } from './after-sales.ts';
import { settleSchedule } from '../schedule/service.ts';

type DeliverInput = z.output<typeof deliverSchema>;
const invalid = (errors: FieldError[]) => new ApiError(422, 'errors.validation', undefined, errors);

/** A stored image of the caller's company (the signature captured in the dialog); anything else is a 422 on the field. */
export async function checkImagePath(deps: AppDeps, user: SessionUser, path: string, field: string) {
  const file = await readableImage(deps, user, path);
  if (!file) throw invalid([{ field, key: 'deliveries.errors.invalid_image' }]);
  return file;
}

/**
 * The delivery dialog (docs/product.md §5): the attendees must be owners or receivers of the unit, the
 * signature an uploaded image; setting the delivery date delivers the unit, with observations when
 * the revision left failures pending (docs/product.md §4).
 */
export async function deliverUnit(deps: AppDeps, user: SessionUser, t: Translate, unitId: number, input: DeliverInput) {
  const db = deps.database.db;
  await loadUnit(db, user, unitId);
  const people = await unitPeople(db, unitId);
  const errors: FieldError[] = [];
  const attendees = input.attendees.map((a, i) => {
    const person = people.find((p) => p.id === a.owner_id);
    if (!person) errors.push({ field: `attendees.${i}.owner_id`, key: 'deliveries.errors.not_unit_owner' });
    return { ownerId: a.owner_id, name: person?.name ?? '', lastName: person?.lastName ?? '', role: a.role };
  });
  if (errors.length) throw invalid(errors);
  if (input.owner_signature_path) await checkImagePath(deps, user, input.owner_signature_path, 'owner_signature_path');
  // Delivering settles the appointment (machines/ficha.ts settleDeliverySchedule): its event's permission too.
  assertCommandAllowed(deliveryScheduleCommands, 'schedule.settle', user);
  const pending = await pendingFailureCount(db, unitId);
  const before = (await loadFicha(db, unitId))?.ownerSignaturePath ?? null;
  const delivered = await runFicha(
    deps,
    user,
    t,
    unitId,
    { type: 'ficha.deliver', deliveredAt: input.delivery_date, pendingFailureCount: pending },
    {
      eventType: 'ficha.delivered',
      apply: async (tx, next) => {
        const unit = await persistUnitState(tx, unitId, next);
        const act = {
          deliveredBy: user.id,
          deliveryRecordedAt: new Date(),
          attendees,
          receiverComment: input.receiver_comment ?? null,
          actObservations: input.observations ?? null,
          ownerSignaturePath: input.owner_signature_path ?? null,
          representativeId: input.representative_signs ? user.id : null,
          updatedBy: user.id,
          updatedAt: new Date(),
        };
        await tx
          .insert(deliveryFichas)
          .values({ unitId, companyId: unit.companyId, projectId: unit.projectId, ...act })
          .onConflictDoUpdate({ target: deliveryFichas.unitId, set: act });
        await closeDeliveryTasks(tx, unit);
        if (next.actions.some((a) => a.type === 'settleDeliverySchedule')) await settleSchedule(tx, unit, user.id);
        return { unit, pending };
      },
      data: (r) => ({ pendingFailures: r.pending }),
      notify: (r) => (r.unit.responsibleId && r.unit.responsibleId !== user.id ? [r.unit.responsibleId] : []),
    },
  );
  // The owner's signature on the act follows the unit (files/access.ts via file-access.ts).
  const signature = { type: FILE_LINKS.ownerSignature, id: unitId };
  const after = input.owner_signature_path ?? null;
  if (before && before !== after) await detachFiles(deps, user.companyId, [before], signature);
  if (after) await attachFiles(deps, user.companyId, [after], signature);
  return delivered;
}

/**
 * docs/product.md §4 pass to after-sales: a ticket (origin AE) is created from the pending failures and
 * linked. The ticket is created first, through the after-sales service (its own transactions; PGlite
 * has one connection, so they cannot nest in ours), then the ficha records the link; the machine is
 * asked before anything is created.
 */
export async function passToAfterSales(deps: AppDeps, user: SessionUser, t: Translate, unitId: number) {
  // A double click must not open two tickets: one pass per unit at a time in this process, taken
  // before anything is read (afterwards the machine refuses a second pass).
  if (passing.has(unitId)) throw new ApiError(409, 'deliveries.errors.passing');
  passing.add(unitId);
  try {
    return await passOnce(deps, user, t, unitId);
  } finally {
    passing.delete(unitId);
  }
}

const passing = new Set<number>();

async function passOnce(deps: AppDeps, user: SessionUser, t: Translate, unitId: number) {
  // The ticket is created before the ficha's command runs: its permission is checked first.
  assertCommandAllowed(fichaCommands, 'ficha.passToAfterSales', user);
  const db = deps.database.db;
  const unit = await loadUnit(db, user, unitId);
  const ficha = await loadFicha(db, unitId);
  const pending = await db
    .select()
    .from(deliveryRevisionResults)
    .where(
      and(
        eq(deliveryRevisionResults.unitId, unitId),
        eq(deliveryRevisionResults.outcome, 'falla'),
        isNull(deliveryRevisionResults.ticketId),
      ),
    )
    .orderBy(asc(deliveryRevisionResults.id));
  const event = { type: 'ficha.passToAfterSales' as const, pendingFailureCount: pending.length };
  const stored = fichaStored(unit, ficha);
  if (!canSend(fichaMachine, stored, event)) {
    if (stored.value !== 'por_entregar' && !stored.context.isPassedToAfterSales && pending.length === 0) {
      throw new ApiError(409, 'deliveries.errors.no_pending_failures');
    }
    throw refusal(t, 'ficha', stored.value, event.type);
  }
  return recordPass(deps, user, t, unit, await createAfterSalesTicket(deps, user, t, unit, pending));
}

async function recordPass(
  deps: AppDeps,
  user: SessionUser,
  t: Translate,
  unit: Unit,
  created: Awaited<ReturnType<typeof createAfterSalesTicket>>,
) {
  const db = deps.database.db;
  const unitId = unit.id;
  return runFicha(
    deps,
    user,
    t,
    unitId,
    { type: 'ficha.passToAfterSales', pendingFailureCount: await pendingFailureCount(db, unitId) },
    {
      apply: async (tx, next) => {
        const [row] = await tx
          .update(deliveryFichas)
          .set({
            isPassedToAfterSales: next.context.isPassedToAfterSales,
            afterSalesTicketId: created.ticketId,
            updatedBy: user.id,
            updatedAt: new Date(),
          })
          .where(eq(deliveryFichas.unitId, unitId))
          .returning();
        if (!row) {
          await tx.insert(deliveryFichas).values({
            unitId,
            companyId: unit.companyId,
            projectId: unit.projectId,
            isPassedToAfterSales: true,
            afterSalesTicketId: created.ticketId,
            updatedBy: user.id,
          });
        }
        await linkPassedFailures(tx, unitId, created.ticketId, created.links);
        const current = await persistUnitState(tx, unitId, next);
        return { unit: current, ticketId: created.ticketId, code: created.code };
      },
      data: (r) => ({ ticketId: r.ticketId, ticketCode: r.code }),
    },
  );
}

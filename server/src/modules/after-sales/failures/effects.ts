import { and, eq, sql } from 'drizzle-orm';
import { initialState } from '#machines/engine';
import { acMachine } from '#machines/ac';
import type { FailureContext, FailureState } from '#machines/failure';
import type { Tx } from '../../../db/client.ts';
import { acs, failures, projects } from '../../../db/schema/index.ts';
import type { MachineAction } from '../../../commands/machine-check.ts';
import type { Ticket } from '../shared/scope.ts';
import { nextNumber } from '../shared/records.ts';

export type Failure = typeof failures.$inferSelect;
export const failureStored = (f: Failure) => ({
  value: f.state,
  context: { reenteredCount: f.reenteredCount, isMarkedToOwner: !!f.markedToOwnerAt } as FailureContext,
});

/**
 * createAc: a solved failure asks the owner's conformity. Failures solved while the ticket already
 * has an unanswered AC join it, so one visit gives the owner one act to sign.
 */
export async function attachToPendingAc(tx: Tx, ticket: Ticket, userId: number | null) {
  const [open] = await tx
    .select()
    .from(acs)
    .where(and(eq(acs.ticketId, ticket.id), eq(acs.state, 'pendiente')))
    .orderBy(acs.id)
    .limit(1)
    .for('update');
  if (open) return open;
  const number = await nextNumber(tx, ticket.projectId, 'AC');
  const [project] = await tx.select({ code: projects.code }).from(projects).where(eq(projects.id, ticket.projectId));
  const [created] = await tx
    .insert(acs)
    .values({
      companyId: ticket.companyId,
      projectId: ticket.projectId,
      ticketId: ticket.id,
      number,
      code: `AC-${project.code ?? ''}${number}`,
      state: initialState(acMachine).value,
      createdBy: userId,
    })
    .returning();
  return created;
}

/**
 * deleteAc (docs/product.md §4: reopening deletes the created AC): the failure leaves its unanswered AC, and
 * the AC is deleted once no failure remains in it.
 */
export async function detachFromAc(tx: Tx, failure: Failure) {
  if (!failure.acId) return;
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(failures)
    .where(and(eq(failures.acId, failure.acId), sql`${failures.id} <> ${failure.id}`));
  if (left.n === 0) await tx.delete(acs).where(and(eq(acs.id, failure.acId), eq(acs.state, 'pendiente')));
}

/** Persists a failure transition: state, context and the effects the machine names. */
export async function persistFailureStep(
  tx: Tx,
  ticket: Ticket,
  failure: Failure,
  step: { to: FailureState; context: FailureContext; actions: MachineAction[] },
  userId: number | null,
) {
  const has = (type: string) => step.actions.some((a) => a.type === type);
  const now = new Date();
  const patch: Partial<typeof failures.$inferInsert> = {
    state: step.to,
    previousState: failure.state,
    reenteredCount: step.context.reenteredCount,
    markedToOwnerAt: step.context.isMarkedToOwner ? (failure.markedToOwnerAt ?? now) : null,
    updatedAt: now,
  };
  if (has('createAc')) patch.acId = (await attachToPendingAc(tx, ticket, userId)).id;
  if (has('deleteAc')) {
    await detachFromAc(tx, failure);
    patch.acId = null;
  }
  // countReentry is an assign, so it shows as a higher count in the context rather than as a named action.
  if (step.context.reenteredCount > failure.reenteredCount) {
    // A defect that came back is a new round: it gets the ticket's next batch and leaves its old AC.
    const [max] = await tx
      .select({ b: sql<number>`coalesce(max(${failures.batch}), 0)::int` })
      .from(failures)
      .where(eq(failures.ticketId, ticket.id));
    Object.assign(patch, { batch: max.b + 1, reenteredAt: now, acId: null });
  }
  const [row] = await tx.update(failures).set(patch).where(eq(failures.id, failure.id)).returning();
  return row;
}

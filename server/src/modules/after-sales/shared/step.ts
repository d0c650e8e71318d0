import type { AnyStateMachine, ContextFrom, EventFromLogic, StateValue } from 'xstate';
import type { Tx } from '../../../db/client.ts';
import { activityLog } from '../../../db/schema/index.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { recordEvent } from '../../../events/outbox.ts';
import { transitionNotAllowed } from '../../../commands/runner.ts';
import { nextState, stateNameOf, type MachineAction, type StateNameOf } from '../../../commands/machine-check.ts';
import type { Ticket } from './scope.ts';
import { recipients, ticketEventData, ticketLink, type AfterSalesEventType } from './events.ts';

export type Step<M extends AnyStateMachine> = {
  from: StateNameOf<M>;
  to: StateNameOf<M>;
  context: ContextFrom<M>;
  actions: MachineAction[];
};

/** The 409 of a refused transition: the command path's one wording (errors.transition_not_allowed). */
export const refusal = (t: Translate, machineName: string, state: string, eventType: string) =>
  transitionNotAllowed(t, machineName, state, eventType);

/**
 * A transition of a second entity inside a command already running (managing an order sets its
 * failures' outcomes; an AC follow-up re-enters failures): the same machine check as runCommand,
 * in the caller's transaction. The caller persists, then calls `recordStep`.
 */
export function decide<M extends AnyStateMachine>(
  t: Translate,
  machine: M,
  machineName: string,
  stored: { value: StateValue; context?: ContextFrom<M> },
  event: EventFromLogic<M>,
): Step<M> {
  const next = nextState(machine, stored, event);
  const from = stateNameOf(machine, stored.value);
  if (!next.ok) throw refusal(t, machineName, from, (event as { type: string }).type);
  return { from, to: stateNameOf(machine, next.value), context: next.context, actions: next.actions };
}

/** History row and outbox event of a nested step; the entity is the ticket so the topic is the ticket's. */
export async function recordStep(
  tx: Tx,
  ticket: Ticket,
  step: { from: string; to: string },
  opts: {
    actorId: number | null;
    action: string;
    type: AfterSalesEventType;
    data: Record<string, unknown>;
    toOwner?: boolean;
    supervisors?: boolean;
  },
) {
  await tx.insert(activityLog).values({
    companyId: ticket.companyId,
    projectId: ticket.projectId,
    entityType: 'ticket',
    entityId: ticket.id,
    action: opts.action,
    fromState: step.from,
    toState: step.to,
    userId: opts.actorId,
    data: opts.data,
  });
  const who = await recipients(tx, ticket, opts.actorId, opts.toOwner ?? false, { supervisors: opts.supervisors });
  return recordEvent(tx, {
    type: opts.type,
    companyId: ticket.companyId,
    projectId: ticket.projectId,
    entity: { type: 'ticket', id: ticket.id },
    actorId: opts.actorId,
    action: opts.action,
    from: step.from,
    to: step.to,
    data: { ...(await ticketEventData(tx, ticket)), ...opts.data, ownerNotifiable: who.ownerNotifiable },
    notify: who.notify,
    link: ticketLink(ticket.id),
  });
}

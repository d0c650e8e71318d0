import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
} from 'xstate';

/**
 * Pure helpers shared by the server command path and the client buttons (docs/architecture.md §5), so what a
 * user sees as possible and what the server accepts come from one function over one machine.
 * A stored entity is `{ value, context }`: the state column and the machine's context (JSON).
 */
export type SnapshotOf<M extends AnyStateMachine> = ReturnType<M['resolveState']>;
export type StateValueOf<M extends AnyStateMachine> = SnapshotOf<M>['value'];
export type StoredState<M extends AnyStateMachine> = { value: StateValueOf<M>; context: ContextFrom<M> };

export type NextStateResult<M extends AnyStateMachine> =
  { ok: true; value: StateValueOf<M>; context: ContextFrom<M>; actions: string[] } | { ok: false };

/** Snapshot for a stored `{ value, context }`. Throws when the value is not a state of the machine. */
export function resolveStored<M extends AnyStateMachine>(machine: M, stored: StoredState<M>): SnapshotOf<M> {
  return machine.resolveState({ value: stored.value, context: stored.context }) as SnapshotOf<M>;
}

/** `{ value, context }` of a new entity (the machine's initial state for this input). */
export function initialState<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): StoredState<M> {
  // initialTransition's rest-tuple signature does not narrow for a generic M.
  const start = initialTransition as (logic: AnyStateMachine, input?: unknown) => [AnyMachineSnapshot, unknown[]];
  const [snapshot] = start(machine, input);
  return { value: snapshot.value, context: snapshot.context };
}

/**
 * The state an event leads to, or `{ ok: false }` when the current state has no transition for it
 * or every guard refuses. `actions` lists the named effects to run (e.g. 'removePendingFailures'),
 * in order; context updates (assign) are already applied to `context`, never listed.
 */
export function nextState<M extends AnyStateMachine>(
  machine: M,
  current: StoredState<M>,
  event: EventFromLogic<M>,
): NextStateResult<M> {
  const snapshot = resolveStored(machine, current);
  if (!snapshot.can(event)) return { ok: false };
  const step = transition as (
    logic: AnyStateMachine,
    snapshot: AnyMachineSnapshot,
    event: unknown,
  ) => [AnyMachineSnapshot, Array<{ type: string }>];
  const [next, actions] = step(machine, snapshot, event);
  return {
    ok: true,
    value: next.value,
    context: next.context,
    actions: actions.map((action) => action.type).filter((type) => !type.startsWith('xstate.')),
  };
}

/** Whether `event` would be accepted in `current`. */
export function canSend<M extends AnyStateMachine>(
  machine: M,
  current: StoredState<M>,
  event: EventFromLogic<M>,
): boolean {
  return resolveStored(machine, current).can(event);
}

/**
 * The event types among `candidates` that would be accepted in `current`, in candidate order,
 * without repeats, so the UI shows only possible actions. Guards read the candidate's payload:
 * pass the facts you know (now, ticketState, acHasReply...) and, for fields the user still has
 * to type in a dialog (a justification), a representative value.
 */
export function allowedEvents<M extends AnyStateMachine>(
  machine: M,
  current: StoredState<M>,
  candidates: ReadonlyArray<EventFromLogic<M>>,
): Array<EventFromLogic<M>['type']> {
  const snapshot = resolveStored(machine, current);
  const allowed: Array<EventFromLogic<M>['type']> = [];
  for (const candidate of candidates) {
    if (!allowed.includes(candidate.type) && snapshot.can(candidate)) allowed.push(candidate.type);
  }
  return allowed;
}

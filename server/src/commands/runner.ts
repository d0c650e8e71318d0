import type { AnyStateMachine, ContextFrom, EventFromLogic, StateValue } from 'xstate';
import { machines, type MachineName } from '#machines/index';
import { entityLabelKey, eventLabelKey, stateLabelKeys, transitionRefusal } from '#machines/labels';
import type { Tx } from '../db/client.ts';
import { activityLog } from '../db/schema/index.ts';
import type { AppDeps } from '../http/context.ts';
import type { CommandTable } from '#domain/commands';
import { assertCommandAllowed, type CommandActor } from '../auth/guard.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { Translate } from '../lib/i18n.ts';
import { recordEvent, type DomainEvent } from '../events/outbox.ts';
import { nextState, stateName, stateNameOf, type MachineAction, type StateNameOf } from './machine-check.ts';

export type Transition<M extends AnyStateMachine, Row> = {
  /** State before and after, as stored (flattened 'a.b' for nested states). */
  from: StateNameOf<M>;
  to: StateNameOf<M>;
  value: StateValue;
  context: ContextFrom<M>;
  /** The machine's actions for this transition, not executed: the caller performs what it needs. */
  actions: MachineAction[];
  row: Row;
};

export type CommandSpec<M extends AnyStateMachine, Row, R> = {
  machine: M;
  /** The machine's name in machines/index.ts, i.e. its locale keys machines.<machineName>.*. */
  machineName: MachineName | (string & {});
  entity: { type: string; id: number; companyId: number; projectId?: number | null };
  /**
   * Reads the entity FOR UPDATE (`.for('update')`), scoped to the caller's company and visible
   * projects; undefined (not found or not visible) answers 404.
   */
  load: (
    tx: Tx,
  ) => Promise<{ value: StateValue; context?: ContextFrom<M>; row: Row; projectId?: number | null } | undefined>;
  event: EventFromLogic<M>;
  /**
   * The feature's command table (domain/<feature>.ts) and who sends the event: the event's
   * permission is checked before anything is read, whatever path led here (auth/guard.ts).
   */
  commands: CommandTable<EventFromLogic<M>['type'] & string>;
  actor: CommandActor;
  /** Writes the new state (and whatever else the command changes) in the same transaction. */
  persist: (tx: Tx, next: Transition<M, Row>) => Promise<R>;
  userId: number | null;
  /** The caller's translator: the 409 names the state and action in the caller's language. */
  t: Translate;
  /** Outbox event type; defaults to '<entity.type>.state_changed'. */
  eventType?: string;
  data?: Record<string, unknown> | ((next: Transition<M, Row>, result: R) => Record<string, unknown>);
  notify?: readonly number[] | ((next: Transition<M, Row>, result: R) => readonly number[]);
  link?: string;
  /** Extra fields for the activity-history row. */
  activity?: Record<string, unknown>;
};

export type CommandResult<M extends AnyStateMachine, R> = {
  result: R;
  eventId: number;
  value: StateValue;
  context: ContextFrom<M>;
  actions: MachineAction[];
};

const lookup = (t: Translate, key: string, fallback: string) => {
  const text = t(key);
  return text === key ? fallback : text;
};
/** 'Cerrar' → 'cerrar' mid-sentence; acronyms ('OI', 'AC') keep their case. */
const midSentence = (word: string) =>
  /^\p{Lu}\p{Ll}/u.test(word) ? word[0].toLocaleLowerCase() + word.slice(1) : word;

/**
 * The 409 of a refused transition (errors.transition_not_allowed) in the caller's language, with the
 * machines' own words (machines/labels.ts: event keys drop the namespace, parallel machines key
 * states by region): «No se puede cerrar cuando la solicitud está en estado «Postergada»».
 */
export function transitionNotAllowed(
  t: Translate,
  machineName: MachineName | (string & {}),
  value: StateValue,
  eventType: string,
  machine: AnyStateMachine = machines[machineName as MachineName],
): ApiError {
  const keys = transitionRefusal(machineName as MachineName, machine, value, eventType).params;
  const state = stateName(value);
  return new ApiError(
    409,
    'errors.transition_not_allowed',
    {
      action: midSentence(lookup(t, keys.action, eventType)),
      state: lookup(t, keys.state, state),
      entity: midSentence(lookup(t, keys.entity, machineName)),
    },
    [],
    { state, event: eventType },
  );
}

/**
 * The command path of docs/architecture.md §5 step 2: check the event's permission in the feature's command
 * table (403), lock and load the entity, ask its machine whether the event is allowed in the
 * current state, then in ONE transaction write the new state (via `persist`), an activity-history
 * row and an outbox event. Not allowed → 409 naming the state and the action
 * (errors.transition_not_allowed); nothing is written.
 */
export async function runCommand<M extends AnyStateMachine, Row, R>(
  deps: AppDeps,
  spec: CommandSpec<M, Row, R>,
): Promise<CommandResult<M, R>> {
  assertCommandAllowed(spec.commands, spec.event.type as string, spec.actor);
  const out = await deps.database.db.transaction((tx) => runCommandIn(tx, spec));
  deps.wakeOutbox?.();
  return out;
}

/**
 * runCommand inside a transaction the caller already holds, for a command that follows from another write (a pour
 * closing its batch, a result judging it): the same checks and the same three writes, committed with the caller's.
 * The caller wakes the outbox once it commits (transactionWithEvents).
 */
export async function runCommandIn<M extends AnyStateMachine, Row, R>(
  tx: Tx,
  spec: CommandSpec<M, Row, R>,
): Promise<CommandResult<M, R>> {
  const { machineName: m, entity, t } = spec;
  assertCommandAllowed(spec.commands, spec.event.type as string, spec.actor);
  const loaded = await spec.load(tx);
  if (!loaded) throw notFound();
  const step = nextState(spec.machine, { value: loaded.value, context: loaded.context }, spec.event);
  const from = stateNameOf(spec.machine, loaded.value);
  if (!step.ok) throw transitionNotAllowed(t, m, loaded.value, spec.event.type as string, spec.machine);
  const next: Transition<M, Row> = {
    from,
    to: stateNameOf(spec.machine, step.value),
    value: step.value,
    context: step.context,
    actions: step.actions,
    row: loaded.row,
  };
  const result = await spec.persist(tx, next);
  const projectId = loaded.projectId !== undefined ? loaded.projectId : (entity.projectId ?? null);
  const data = typeof spec.data === 'function' ? spec.data(next, result) : (spec.data ?? {});
  await tx.insert(activityLog).values({
    companyId: entity.companyId,
    projectId,
    entityType: entity.type,
    entityId: entity.id,
    action: spec.event.type as string,
    fromState: next.from,
    toState: next.to,
    userId: spec.userId,
    data: { ...data, ...spec.activity },
  });
  const event: DomainEvent = {
    type: spec.eventType ?? `${entity.type}.state_changed`,
    companyId: entity.companyId,
    projectId,
    entity: { type: entity.type, id: entity.id },
    actorId: spec.userId,
    action: spec.event.type as string,
    from: next.from,
    to: next.to,
    data,
    notify: typeof spec.notify === 'function' ? spec.notify(next, result) : spec.notify,
    link: spec.link,
    labels: {
      entity: entityLabelKey(m as MachineName),
      action: eventLabelKey(m as MachineName, spec.event.type as string),
      state: stateLabelKeys(m as MachineName, step.value)[0],
    },
  };
  const eventId = await recordEvent(tx, event);
  return { result, eventId, value: step.value, context: step.context, actions: step.actions };
}

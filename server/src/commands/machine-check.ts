import type { AnyStateMachine, ContextFrom, EventFromLogic, StateValue } from 'xstate';
import { nextState as engineNextState, type StateValueOf } from '#machines/engine';

export type MachineAction = { type: string };

/** A state of M as its text column stores it (every machine is flat: its value is one of its state ids). */
export type StateNameOf<M extends AnyStateMachine> = Extract<StateValueOf<M>, string>;

export type NextState<M extends AnyStateMachine> =
  { ok: true; value: StateValue; context: ContextFrom<M>; actions: MachineAction[] } | { ok: false };

/**
 * The machine check of the command path: machines/engine.ts's nextState (the same function the
 * client's buttons use), with its named actions as objects. A stored state the machine does not
 * know, or a guard that throws, counts as not allowed: the command answers 409, never half-runs.
 */
export function nextState<M extends AnyStateMachine>(
  machine: M,
  state: { value: StateValue; context?: ContextFrom<M> },
  event: EventFromLogic<M>,
): NextState<M> {
  try {
    const step = engineNextState(
      machine,
      { value: state.value, context: (state.context ?? {}) as ContextFrom<M> } as never,
      event,
    );
    return step.ok
      ? {
          ok: true,
          value: step.value as StateValue,
          context: step.context,
          actions: step.actions.map((type) => ({ type })),
        }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}

/**
 * stateName of a value M produced, typed as M's states so it goes into a typed state column without a cast.
 * The one cast: StateValue is xstate's generic shape, and a value M reached is one of M's states.
 */
export const stateNameOf = <M extends AnyStateMachine>(_machine: M, value: StateValue) =>
  stateName(value) as StateNameOf<M>;

/** 'abierta' → 'abierta'; { abierta: 'en_proceso' } → 'abierta.en_proceso'. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', undefined];
  return child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
    ? key
    : `${key}.${stateName(child as StateValue)}`;
}

import type { AnyStateMachine, ContextFrom, EventFromLogic, StateValue } from 'xstate';
import { nextState as engineNextState } from '#machines/engine';

export type MachineAction = { type: string };

export type NextState<M extends AnyStateMachine> =
  | { ok: true; value: StateValue; context: ContextFrom<M>; actions: MachineAction[] }
  | { ok: false };

/**
 * The machine check of the command path: machines/engine.ts's nextState (the same function the
 * client's buttons use), with its named actions as objects. A stored state the machine does not
 * know, or a guard that throws, counts as not allowed: the command answers 409, never half-runs.
 */
export function nextState<M extends AnyStateMachine>(machine: M, state: { value: StateValue; context?: ContextFrom<M> }, event: EventFromLogic<M>): NextState<M> {
  try {
    const step = engineNextState(machine, { value: state.value, context: (state.context ?? {}) as ContextFrom<M> } as never, event);
    return step.ok ? { ok: true, value: step.value as StateValue, context: step.context, actions: step.actions.map((type) => ({ type })) } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** 'abierta' → 'abierta'; { abierta: 'en_proceso' } → 'abierta.en_proceso'. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', undefined];
  return child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${stateName(child as StateValue)}`;
}

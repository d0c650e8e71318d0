import { useEffect, useMemo } from 'react';
import {
  createActor,
  type AnyActorRef,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type StateValue,
} from 'xstate';
import { shallowEqual, useSelector } from '@xstate/react';

export type StoredState<M extends AnyStateMachine> = { value: StateValue; context?: ContextFrom<M> };

/**
 * Which of `events` the machine accepts in the entity's stored state (docs/architecture.md §5: the buttons a
 * user sees and what the server accepts come from the same machine). The actor is restored from
 * the server's state and re-created whenever a refetch (e.g. after a live event) changes it.
 *
 *   const { can } = useMachineActions(ticketMachine, ticket && { value: ticket.state, context }, ['ticket.close', …]);
 *   <Button disabled={!can('ticket.close')}>…</Button>
 */
export function useMachineActions<M extends AnyStateMachine>(
  machine: M,
  state: StoredState<M> | null | undefined,
  events: readonly (EventFromLogic<M> | EventFromLogic<M>['type'])[],
): { allowed: readonly string[]; can: (type: EventFromLogic<M>['type']) => boolean } {
  const stateKey = state ? JSON.stringify(state) : '';
  const actor = useMemo(() => {
    if (!state) return undefined;
    try {
      const snapshot = machine.resolveState({ value: state.value, context: state.context ?? {} } as never);
      return createActor(machine as AnyStateMachine, { snapshot }) as AnyActorRef;
    } catch {
      return undefined; // a state the machine does not know: offer no action rather than a wrong one
    }
    // stateKey stands for `state`: callers pass a new object on every render.
  }, [machine, stateKey]);
  useEffect(() => {
    if (!actor) return;
    actor.start();
    return () => {
      actor.stop();
    };
  }, [actor]);
  const allowed = useSelector(
    actor,
    (snapshot: { can(e: unknown): boolean } | undefined) => {
      if (!snapshot) return [] as string[];
      return events
        .map((e) => (typeof e === 'string' ? { type: e } : e) as EventFromLogic<M>)
        .filter((e) => {
          try {
            return snapshot.can(e);
          } catch {
            return false;
          }
        })
        .map((e) => e.type as string);
    },
    shallowEqual,
  );
  return { allowed, can: (type: string) => allowed.includes(type) };
}

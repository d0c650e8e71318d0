import { createTestModel } from '@xstate/graph';
import {
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
} from 'xstate';
import type { CommandTable } from '#domain/commands';
import { createCoverage } from '../../machines/testing/coverage.ts';

/**
 * Model-based API tests (docs/architecture.md §7): paths generated from a machine's own graph by @xstate/graph,
 * each walked against the REAL API with the stored state checked after every step.
 */
export type ApiPath = {
  name: string;
  steps: { event: { type: string } & Record<string, unknown>; before: AnyMachineSnapshot; after: AnyMachineSnapshot }[];
};

/**
 * Transition cover: the shortest path to every reachable (state, folded context), each extended by
 * every sample event that state accepts — so every transition definition is walked at least once.
 */
export function apiPaths<M extends AnyStateMachine>(
  machine: M,
  events: EventFromLogic<M>[],
  fold: (context: any) => unknown = (c) => c,
  /** The machine's input, for a machine whose context starts from it (the course's first deadline). */
  input?: unknown,
): ApiPath[] {
  const describe = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: fold(s.context) });
  const model = createTestModel(machine, { events, input, serializeState: describe } as never);
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: { type: string }; state: AnyMachineSnapshot }> }
  >;
  const paths: ApiPath[] = [];
  for (const shortest of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const from = shortest.state as AnyMachineSnapshot;
    const prefix = shortest.steps as { state: AnyMachineSnapshot; event: { type: string } }[];
    for (const { event, state } of Object.values(adjacency[describe(from)].transitions)) {
      if (!from.can(event)) continue;
      const events = [...prefix.slice(1).map((step) => step.event), event] as ApiPath['steps'][number]['event'][];
      // The graph keeps one snapshot per folded node, so its contexts may come from another path:
      // replay the events on the machine to know the exact state after each step.
      let current = (initialTransition as unknown as (m: AnyStateMachine, i?: unknown) => [AnyMachineSnapshot])(
        machine,
        input,
      )[0];
      const steps = events.map((e) => {
        const before = current;
        current = transition(machine, before as never, e as never)[0] as AnyMachineSnapshot;
        return { event: e, before, after: current };
      });
      paths.push({
        name: steps.map((s) => s.event.type.replace(/^\w+\./, '')).join(' → ') + ` ⇒ ${describe(state)}`,
        steps,
      });
    }
  }
  return paths;
}

/**
 * Records which transitions the API walks, and which events of the feature's command table it sent from
 * which states, and prints the coverage line; the test asserts nothing is missing.
 */
export function apiCoverage(machine: AnyStateMachine, commands: CommandTable) {
  const coverage = createCoverage(machine, commands);
  return {
    step(path: ApiPath['steps'][number]) {
      coverage.recordState(path.before);
      coverage.recordStep(path.before, path.event);
      coverage.recordState(path.after);
    },
    report(paths: number) {
      const r = coverage.report(`${machine.id} (API)`, paths);
      console.log(r.line);
      return r;
    },
  };
}

/** A quarter-hour instant `days` ahead, 14:00 UTC (mid-morning in Chile). */
export function slotAhead(days: number, minutes = 0) {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(14, minutes, 0, 0);
  return d.toISOString();
}

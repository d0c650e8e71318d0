import { createTestModel } from '@xstate/graph';
import {
  createActor,
  getStateNodes,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type InputFrom,
} from 'xstate';
import { expect } from 'vitest';
import type { CommandTable } from '#domain/commands';
import { initialState, nextState, resolveStored, type StoredState } from '../engine.ts';

/**
 * Model-based testing support (tests only). Paths come from the machine's own graph through
 * @xstate/graph (the XState v5 successor of @xstate/test); each path is walked twice — by a live
 * actor with recording effects, and by the engine's pure `nextState` over a JSON round trip, as
 * the server stores it — and both must agree with the model at every step. Coverage counts the
 * transition definitions actually taken against every definition in the machine and, given the
 * feature's command table (domain/<feature>.ts), walks the table against the machine: a table event
 * with no transition, a machine event missing from the table, or a table event some state accepts but
 * no walked step sent from that state is reported.
 */

export type TransitionRef = { key: string; source: string; eventType: string; index: number; targets: string[] };

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

/** Every transition definition of the machine, one per guarded branch. */
export function machineTransitions(machine: AnyStateMachine): TransitionRef[] {
  return [machine.root, ...descendants(machine.root)].flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, definitions]) =>
      definitions.map((definition, index) => ({
        key: `${node.id} --${eventType}#${index}--> ${(definition.target ?? [node]).map((t) => t.id).join(',')}`,
        source: node.id,
        eventType,
        index,
        targets: (definition.target ?? []).map((t) => t.id),
      })),
    ),
  );
}

const isLeaf = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final';

/** Ids of the leaf (atomic and final) state nodes. */
export function machineLeafStates(machine: AnyStateMachine): string[] {
  return descendants(machine.root)
    .filter(isLeaf)
    .map((node) => node.id);
}

/** The node and its ancestors up to the root: where an event it receives may be handled. */
function lineage(node: AnyStateNode): AnyStateNode[] {
  return node.parent ? [node, ...lineage(node.parent)] : [node];
}

/** `<leaf state> <event>` for every leaf state and every event of `types` that state (or an ancestor) has a transition for. */
function acceptingPairs(machine: AnyStateMachine, types: readonly string[]): string[] {
  return descendants(machine.root)
    .filter(isLeaf)
    .flatMap((leaf) =>
      types
        .filter((type) => lineage(leaf).some((node) => node.transitions.has(type)))
        .map((type) => `${leaf.id} ${type}`),
    );
}

/** How a command table and its machine agree (docs/modules.md §1: one line in the table plus the machine's transition). */
export type CommandReport = {
  /** Table events the machine has no transition for. */
  unhandled: string[];
  /** Machine events the table does not list: no route can send them. */
  uncommanded: string[];
  /** `<state> <event>`: a table event the state accepts that no walked step sent from there. */
  unwalked: string[];
};

export type CoverageReport = {
  name: string;
  walked: number;
  total: number;
  visitedStates: number;
  totalStates: number;
  missingTransitions: string[];
  missingStates: string[];
  paths: number;
  line: string;
  /** Present when the walk was given the feature's command table. */
  commands?: CommandReport;
};

/** Coverage of a walk; with `commands`, also which table events were sent from which states. */
export function createCoverage(machine: AnyStateMachine, commands?: CommandTable) {
  const transitions = machineTransitions(machine);
  const states = machineLeafStates(machine);
  const walked = new Set<string>();
  const visited = new Set<string>();
  const sent = new Set<string>();
  const keyOf = (source: AnyStateNode, eventType: string, index: number) =>
    transitions.find((t) => t.source === source.id && t.eventType === eventType && t.index === index)?.key;
  return {
    /** Records the definitions `event` takes from `snapshot` (a snapshot of `machine` itself). */
    recordStep(snapshot: AnyMachineSnapshot, event: { type: string }) {
      const leaves = getStateNodes(machine.root, snapshot.value).filter(isLeaf);
      for (const definition of machine.getTransitionData(snapshot, event)) {
        const index = definition.source.transitions.get(definition.eventType)?.indexOf(definition) ?? -1;
        const key = keyOf(definition.source, definition.eventType, index);
        if (key) walked.add(key);
        for (const leaf of leaves) if (lineage(leaf).includes(definition.source)) sent.add(`${leaf.id} ${event.type}`);
      }
    },
    recordState(snapshot: AnyMachineSnapshot) {
      for (const node of getStateNodes(machine.root, snapshot.value))
        if (states.includes(node.id)) visited.add(node.id);
    },
    report(name: string, paths: number): CoverageReport {
      const total = transitions.length;
      const percent = total === 0 ? 100 : Math.floor((walked.size / total) * 100);
      return {
        name,
        walked: walked.size,
        total,
        visitedStates: visited.size,
        totalStates: states.length,
        missingTransitions: transitions.filter((t) => !walked.has(t.key)).map((t) => t.key),
        missingStates: states.filter((s) => !visited.has(s)),
        paths,
        line: `coverage ${name}: ${walked.size}/${total} transitions (${percent}%), ${visited.size}/${states.length} states, ${paths} paths`,
        ...(commands && { commands: commandReport(machine, commands, sent) }),
      };
    },
  };
}

function commandReport(machine: AnyStateMachine, commands: CommandTable, sent: ReadonlySet<string>): CommandReport {
  const tableEvents = Object.keys(commands);
  const machineEvents = machine.events.filter((type) => !type.startsWith('xstate.'));
  return {
    unhandled: tableEvents.filter((type) => !machineEvents.includes(type)),
    uncommanded: machineEvents.filter((type) => !tableEvents.includes(type)),
    unwalked: acceptingPairs(machine, tableEvents).filter((pair) => !sent.has(pair)),
  };
}

export type ModelOptions<M extends AnyStateMachine> = {
  /** Sample events: several per type where guards read the payload (both sides of each guard). */
  events: Array<EventFromLogic<M>>;
  input?: InputFrom<M>;
  /** Folds unbounded context (counters) so the graph stays finite. */
  projectContext?: (context: M extends AnyStateMachine ? StoredState<M>['context'] : never) => unknown;
  /** The feature's command table (domain/<feature>.ts): the report says how it agrees with the machine and the walk. */
  commands?: CommandTable;
};

/** Effect actions: named implementations that are plain functions (not assign & co). */
function effectNames(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions)
    .filter(([, impl]) => typeof impl === 'function' && !('resolve' in impl))
    .map(([name]) => name);
}

/** A generated path: the events from the initial state and the state after each. */
type GeneratedPath = {
  description: string;
  state: AnyMachineSnapshot;
  steps: Array<{ state: AnyMachineSnapshot; event: { type: string } }>;
  weight: number;
};

/**
 * Transition cover from the machine's graph: @xstate/graph's shortest path to every reachable
 * state (duplicates kept, one per state), each extended by every sample event that state accepts.
 * Shortest paths alone reach every state but may skip edges (self-loops, a second way in), so the
 * one-step extension is what makes every transition walked.
 */
function transitionCoverPaths<M extends AnyStateMachine>(
  machine: M,
  options: ModelOptions<M>,
  describe: (s: AnyMachineSnapshot) => string,
) {
  const model = createTestModel(machine, {
    events: options.events,
    input: options.input,
    serializeState: describe,
  } as never);
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: { type: string }; state: AnyMachineSnapshot }> }
  >;
  const paths: GeneratedPath[] = [];
  for (const statePath of model.getShortestPaths({ allowDuplicatePaths: true })) {
    const from = statePath.state as AnyMachineSnapshot;
    for (const { event, state } of Object.values(adjacency[describe(from)].transitions)) {
      if (!from.can(event)) continue;
      const steps = [...(statePath.steps as GeneratedPath['steps']), { state, event }];
      const events = steps
        .slice(1)
        .map((step) => step.event.type)
        .join(' → ');
      paths.push({ description: `${describe(state)}: ${events}`, state, steps, weight: steps.length - 1 });
    }
  }
  return { model, paths };
}

/** Walks the transition cover of the machine's graph and prints its coverage line. */
export async function walkModel<M extends AnyStateMachine>(
  machine: M,
  options: ModelOptions<M>,
): Promise<CoverageReport> {
  const project = options.projectContext ?? ((context: unknown) => context);
  const describe = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, context: project(snapshot.context) });
  const { model, paths } = transitionCoverPaths(machine, options, describe);
  const coverage = createCoverage(machine, options.commands);
  const effects = effectNames(machine);
  const eventTypes = [...new Set([...machine.events, ...options.events.map((e) => e.type)])];

  for (const path of paths) {
    const performed: string[] = [];
    const recorders = Object.fromEntries(effects.map((name) => [name, () => void performed.push(name)]));
    const actor = createActor(machine.provide({ actions: recorders } as never), {
      input: options.input,
    } as never).start();
    let stored: StoredState<M> = initialState(machine, options.input);
    const onEvent = ({ event }: { event: EventFromLogic<M> }) => {
      coverage.recordStep(resolveStored(machine, stored), event);
      const result = nextState(machine, JSON.parse(JSON.stringify(stored)), event);
      expect(result.ok, `${path.description}: engine refused ${event.type}`).toBe(true);
      if (!result.ok) return;
      performed.length = 0;
      actor.send(event);
      expect(performed, `effects of ${event.type}`).toEqual(result.actions);
      stored = { value: result.value, context: result.context };
    };
    await model.testPath(
      path as never,
      {
        events: Object.fromEntries(eventTypes.map((type) => [type, onEvent])),
        states: {
          '*': (state: AnyMachineSnapshot) => {
            expect(actor.getSnapshot().value).toEqual(state.value);
            expect(stored.value).toEqual(state.value);
            // The model abstracts folded counters, so contexts are compared through the same fold.
            expect(project(stored.context)).toEqual(project(state.context));
            coverage.recordState(state);
          },
        },
      } as never,
    );
    actor.stop();
  }
  const report = coverage.report(machine.id, paths.length);
  console.log(report.line);
  return report;
}

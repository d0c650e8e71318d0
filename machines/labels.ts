import type { AnyStateMachine, StateValue } from 'xstate';
import type { MachineName } from './all.ts';

/**
 * Locale keys for machine words (locales/*.json under `machines`), shared by the client's buttons
 * and tags and the server's 409 messages. Event keys drop the namespace: 'ticket.close' →
 * machines.ticket.events.close. Parallel machines (user) key states by region.
 */
export const entityLabelKey = (name: MachineName) => `machines.${name}.entity`;

export const eventLabelKey = (name: MachineName, eventType: string) =>
  `machines.${name}.events.${eventType.slice(eventType.indexOf('.') + 1)}`;

export const stateLabelKey = (name: MachineName, state: string, region?: string) =>
  region ? `machines.${name}.states.${region}.${state}` : `machines.${name}.states.${state}`;

/** One key per active leaf: one for flat machines, one per region for parallel ones. */
export function stateLabelKeys(name: MachineName, value: StateValue): string[] {
  if (typeof value === 'string') return [stateLabelKey(name, value)];
  return Object.entries(value).map(([region, leaf]) => stateLabelKey(name, String(leaf), region));
}

/** The region of a parallel machine whose states handle `eventType`. */
function regionOf(machine: AnyStateMachine, eventType: string): string | undefined {
  return Object.entries(machine.root.states).find(([, region]) =>
    Object.values(region.states).some((node) => node.transitions.has(eventType)),
  )?.[0];
}

/**
 * What a server answers when `eventType` is refused in `value` (409): the message key and its
 * params, each param itself a locale key to translate first, e.g. «No se puede cerrar cuando la
 * solicitud está en estado «Postergada»».
 */
export function transitionRefusal(name: MachineName, machine: AnyStateMachine, value: StateValue, eventType: string) {
  let state: string;
  if (typeof value === 'string') state = stateLabelKey(name, value);
  else {
    const region = regionOf(machine, eventType) ?? Object.keys(value)[0];
    state = stateLabelKey(name, String(value[region]), region);
  }
  return {
    key: 'errors.transition_not_allowed',
    params: { action: eventLabelKey(name, eventType), entity: entityLabelKey(name), state },
  } as const;
}

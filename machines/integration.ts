import { setup } from 'xstate';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 integrations and requested modules: requested, in process, active; then on/off. */
export const INTEGRATION_STATES = ['solicitada', 'en_proceso', 'activa', 'inactiva'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

export type IntegrationContext = Record<string, never>;
export type IntegrationInput = OptionalInput<Record<string, never>>;

export type IntegrationEvent =
  | { type: 'integration.startProcessing' }
  /** `isConfigured`: the integration's required settings are saved (e.g. CRM app id, pipeline, token). */
  | { type: 'integration.activate'; isConfigured: boolean }
  | { type: 'integration.deactivate' };

export type IntegrationEventType = IntegrationEvent['type'];

export const integrationMachine = setup({
  types: {
    context: {} as IntegrationContext,
    events: {} as IntegrationEvent,
    input: {} as IntegrationInput,
  },
  guards: {
    isConfigured: ({ event }) => event.type === 'integration.activate' && event.isConfigured,
  },
  actions: {
    // Effects, named here and never run by the machine: the module that sends these events will
    // perform them, as the server's commands do (docs/machines.md); none sends them yet: start or
    // stop sending the company's events to it.
    startSync: () => {},
    stopSync: () => {},
  },
}).createMachine({
  id: 'integration',
  initial: 'solicitada',
  context: {},
  states: {
    solicitada: { on: { 'integration.startProcessing': { target: 'en_proceso' } } },
    en_proceso: { on: { 'integration.activate': { target: 'activa', guard: 'isConfigured', actions: 'startSync' } } },
    activa: { on: { 'integration.deactivate': { target: 'inactiva', actions: 'stopSync' } } },
    inactiva: { on: { 'integration.activate': { target: 'activa', guard: 'isConfigured', actions: 'startSync' } } },
  },
});

import { setup } from 'xstate';
import { INTEGRATION_STATES, type IntegrationState } from '#domain/integrations';
import type { OptionalInput } from './types.ts';

/** docs/product.md §4 integrations and requested modules: requested, in process, active; then on/off. */
export { INTEGRATION_STATES, type IntegrationState };

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
    // Effects, named here and never run by the machine (docs/machines.md): the state is the switch the server's
    // integration consumers read (server/src/modules/integrations/connections/service.ts runningConnection), so
    // persisting 'activa' starts sending the company's events and persisting 'inactiva' stops it.
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

import { describe, expect, it } from 'vitest';
import { allowedEvents, initialState, nextState } from './engine.ts';
import { INTEGRATION_STATES, integrationMachine, type IntegrationState } from './integration.ts';
import { walkModel } from './testing/coverage.ts';

const at = (value: IntegrationState) => ({ value, context: {} });

describe('integration machine', () => {
  it('docs/product.md §4: generated paths walk every integration state and transition', async () => {
    const report = await walkModel(integrationMachine, {
      events: [
        { type: 'integration.activate', isConfigured: true },
        { type: 'integration.activate', isConfigured: false },
      ],
    });
    expect(report.missingTransitions).toEqual([]);
    expect(report.missingStates).toEqual([]);
  });

  it('declares exactly the states', () => {
    expect(Object.keys(integrationMachine.root.states).sort()).toEqual([...INTEGRATION_STATES].sort());
    expect(initialState(integrationMachine).value).toBe('solicitada');
  });

  it('docs/product.md §4: solicitada → en proceso → activa; activa needs its settings saved', () => {
    expect(nextState(integrationMachine, at('solicitada'), { type: 'integration.startProcessing' })).toMatchObject({
      ok: true,
      value: 'en_proceso',
    });
    expect(
      nextState(integrationMachine, at('solicitada'), { type: 'integration.activate', isConfigured: true }).ok,
    ).toBe(false);
    expect(
      nextState(integrationMachine, at('en_proceso'), { type: 'integration.activate', isConfigured: false }).ok,
    ).toBe(false);
    expect(
      nextState(integrationMachine, at('en_proceso'), { type: 'integration.activate', isConfigured: true }),
    ).toEqual({ ok: true, value: 'activa', context: {}, actions: ['startSync'] });
  });

  it('docs/product.md §1: activate and deactivate actions', () => {
    expect(nextState(integrationMachine, at('activa'), { type: 'integration.deactivate' })).toEqual({
      ok: true,
      value: 'inactiva',
      context: {},
      actions: ['stopSync'],
    });
    expect(
      allowedEvents(integrationMachine, at('inactiva'), [
        { type: 'integration.deactivate' },
        { type: 'integration.activate', isConfigured: true },
      ]),
    ).toEqual(['integration.activate']);
  });
});

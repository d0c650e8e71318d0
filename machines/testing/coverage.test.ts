import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { emptyBody, type CommandTable } from '#domain/commands';
import { machineLeafStates, machineTransitions, walkModel } from './coverage.ts';

// A toy machine: 'go' needs a payload the samples may omit; 'orphan' is unreachable.
const toy = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as { type: 'go'; ok: boolean } | { type: 'back' } | { type: 'ping' },
  },
  guards: { isOk: ({ event }) => event.type === 'go' && event.ok },
  actions: { pinged: () => {} },
}).createMachine({
  id: 'toy',
  initial: 'a',
  context: {},
  states: {
    a: { on: { go: { target: 'b', guard: 'isOk' }, ping: { actions: 'pinged' } } },
    b: { on: { back: { target: 'a' } } },
    orphan: { on: { back: { target: 'a' } } },
  },
});

describe('model coverage helper', () => {
  it('lists every transition definition and leaf state of a machine', () => {
    expect(machineTransitions(toy).map((t) => t.key)).toEqual([
      'toy.a --go#0--> toy.b',
      'toy.a --ping#0--> toy.a',
      'toy.b --back#0--> toy.a',
      'toy.orphan --back#0--> toy.a',
    ]);
    expect(machineLeafStates(toy)).toEqual(['toy.a', 'toy.b', 'toy.orphan']);
  });

  it('walks self-loops with effects and reports what no generated path reached', async () => {
    const withPayload = await walkModel(toy, {
      events: [
        { type: 'go', ok: true },
        { type: 'go', ok: false },
      ],
    });
    expect(withPayload.missingTransitions).toEqual(['toy.orphan --back#0--> toy.a']);
    expect(withPayload.missingStates).toEqual(['toy.orphan']);
    expect(withPayload.line).toBe('coverage toy: 3/4 transitions (75%), 2/3 states, 3 paths');

    // Without a sample that passes the guard, 'go' is never taken: coverage says so.
    const withoutPayload = await walkModel(toy, { events: [{ type: 'go', ok: false }] });
    expect(withoutPayload.missingTransitions).toContain('toy.a --go#0--> toy.b');
    expect(withoutPayload.walked).toBe(1);
  });

  it('walks a command table against the machine: made-up, missing and unsent commands are reported', async () => {
    const command = { permission: 'toy_editar', body: emptyBody };
    const table: CommandTable = { go: command, back: command, ping: command };
    const agreed = await walkModel(toy, { events: [{ type: 'go', ok: true }], commands: table });
    // 'back' from the unreachable orphan is never sent: the only pair left.
    expect(agreed.commands).toEqual({ unhandled: [], uncommanded: [], unwalked: ['toy.orphan back'] });

    // A newcomer's command with no transition, and a machine event the table forgot.
    const { back: _forgotten, ...rest } = table;
    const drifted = await walkModel(toy, {
      events: [{ type: 'go', ok: true }],
      commands: { ...rest, 'toy.madeUp': command },
    });
    expect(drifted.commands).toMatchObject({ unhandled: ['toy.madeUp'], uncommanded: ['back'] });

    // Without a sample that passes the guard, 'go' is never sent from a: the table says the state takes it.
    const unsent = await walkModel(toy, { events: [{ type: 'go', ok: false }], commands: table });
    expect(unsent.commands?.unwalked).toContain('toy.a go');
  });
});

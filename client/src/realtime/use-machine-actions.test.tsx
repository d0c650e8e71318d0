import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setup } from 'xstate';
import { renderWithProviders } from '../test/render.tsx';
import { useMachineActions, type StoredState } from './use-machine-actions.ts';

// A small machine with a guard that reads context, like the lifecycle machines in machines/.
const orderMachine = setup({
  types: {
    context: {} as { hasSchedule: boolean },
    events: {} as { type: 'order.schedule' } | { type: 'order.confirm' } | { type: 'order.cancel' },
  },
  guards: { hasSchedule: ({ context }) => context.hasSchedule },
}).createMachine({
  id: 'order',
  initial: 'creada',
  context: { hasSchedule: false },
  states: {
    creada: { on: { 'order.schedule': { target: 'agendada', guard: 'hasSchedule' }, 'order.cancel': 'cancelada' } },
    agendada: { on: { 'order.confirm': 'confirmada', 'order.cancel': 'cancelada' } },
    confirmada: {},
    cancelada: {},
  },
});
const EVENTS = ['order.schedule', 'order.confirm', 'order.cancel'] as const;

function Buttons({ state }: { state: StoredState<typeof orderMachine> | undefined }) {
  const { can } = useMachineActions(orderMachine, state, EVENTS);
  return (
    <>
      {EVENTS.map((e) => (
        <button key={e} disabled={!can(e)}>
          {e}
        </button>
      ))}
    </>
  );
}
const enabled = () =>
  screen
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.textContent);

describe('useMachineActions (docs/architecture.md §5: buttons come from the same machine the server checks)', () => {
  it('offers only the events the stored state accepts, guards included', () => {
    const { rerender } = renderWithProviders(<Buttons state={{ value: 'creada', context: { hasSchedule: false } }} />);
    expect(enabled()).toEqual(['order.cancel']);
    rerender(<Buttons state={{ value: 'creada', context: { hasSchedule: true } }} />);
    expect(enabled()).toEqual(['order.schedule', 'order.cancel']);
    // A live event refetched the order: the buttons follow the new state.
    rerender(<Buttons state={{ value: 'agendada', context: { hasSchedule: true } }} />);
    expect(enabled()).toEqual(['order.confirm', 'order.cancel']);
    rerender(<Buttons state={{ value: 'confirmada', context: { hasSchedule: true } }} />);
    expect(enabled()).toEqual([]);
  });

  it('offers nothing while loading or for a state the machine does not know', () => {
    const { rerender } = renderWithProviders(<Buttons state={undefined} />);
    expect(enabled()).toEqual([]);
    rerender(<Buttons state={{ value: 'borrada' }} />);
    expect(enabled()).toEqual([]);
  });
});

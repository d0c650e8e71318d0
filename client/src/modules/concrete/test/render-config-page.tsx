import type { ComponentType } from 'react';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { mockConcreteApi, type ConcreteState } from './fixtures.ts';

/**
 * Renders a config/hormigon page at its route for a user with `permisos`, its API answering from `state`
 * (mockConcreteApi); returns the API's recorded calls.
 */
export function renderConfigPage(
  Page: ComponentType,
  tab: 'concreto' | 'empresas-y-tipos' | 'lotes',
  permisos: string[],
  state: ConcreteState,
  write?: (call: RecordedCall) => MockAnswer,
) {
  const api = mockConcreteApi(state, write);
  renderWithProviders(<Page />, { route: `/config/hormigon/${tab}`, queryClient: clientWithUser(permisos) });
  return api;
}

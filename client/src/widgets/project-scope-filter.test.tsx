import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authUserQuery, type AuthUser } from '../api/session/auth-user.ts';
import { session } from '../shared/session/session-store.ts';
import { readAllProjects } from '../shared/session/project-scope.ts';
import { renderWithProviders } from '../test/render.tsx';
import { clientWithUser } from '../test/users.ts';
import { ProjectScopeFilter, useProjectScope } from './project-scope-filter.tsx';

afterEach(() => {
  localStorage.clear();
  session.clearUser();
});

function Harness() {
  const scope = useProjectScope('agenda');
  return (
    <>
      <ProjectScopeFilter {...scope.filterProps} />
      <output data-testid="ids">{scope.all ? 'all' : scope.projectIds.join(',')}</output>
    </>
  );
}

function withTwoProjects(id = 5) {
  const client = clientWithUser([]);
  const user = client.getQueryData(authUserQuery.queryKey) as AuthUser;
  const second = { ...user.proyectos[0], id: 4, name: 'Condominio Lomas' };
  const next: AuthUser = { ...user, id, proyectos: [...user.proyectos, second] };
  client.setQueryData(authUserQuery.queryKey, next);
  return client;
}

describe('the project scope of the agenda and the lists', () => {
  it("starts on the top bar's project, takes a few more, and remembers 'all my projects' per user", async () => {
    session.setProject(3);
    const first = renderWithProviders(<Harness />, { queryClient: withTwoProjects() });
    expect(screen.getByTestId('ids').textContent).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: /Proyectos/ }));
    await userEvent.click(await screen.findByText('Condominio Lomas'));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('3,4'));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByText('Todos mis proyectos'));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('all'));
    expect(readAllProjects(5, 'agenda')).toBe(true);
    first.unmount();

    const again = renderWithProviders(<Harness />, { queryClient: withTwoProjects() });
    expect(screen.getByTestId('ids').textContent).toBe('all');
    again.unmount();
    renderWithProviders(<Harness />, { queryClient: withTwoProjects(6) });
    expect(screen.getByTestId('ids').textContent).toBe('3');
  });

  it('never sends a project the user does not see', () => {
    session.setProject(99);
    renderWithProviders(<Harness />, { queryClient: withTwoProjects() });
    expect(screen.getByTestId('ids').textContent).toBe('');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { clientWithUser } from '../../test/users.ts';
import { TasksPanel } from './tasks-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

const due = '2026-03-11T12:00:00Z';
const tasks = {
  next_7_days: [
    {
      id: 1,
      title: 'Revisar solicitudes atrasadas',
      kind: 'postventa',
      link: '/warranties/solicitudes',
      project_id: 1,
      due_at: due,
    },
    { id: 2, title: 'Preparar informe de calidad', kind: 'calidad', link: '/quality', project_id: 1, due_at: due },
  ],
  later: [],
};

describe('home tasks panel links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links a task into a module the user may open; a module they may not open is plain text', async () => {
    mockFetch(() => ({ body: { data: tasks } }));
    // An after-sales agent: postventa, no quality module.
    const queryClient = clientWithUser(['modulo_postventa']);
    renderWithProviders(<TasksPanel now={Date.parse('2026-03-10T12:00:00Z')} />, { queryClient });
    expect((await screen.findByRole('link', { name: 'Revisar solicitudes atrasadas' })).getAttribute('href')).toBe(
      '/warranties/solicitudes',
    );
    expect(screen.getByText('Preparar informe de calidad')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Preparar informe de calidad' })).toBeNull();
  });

  it('a screen the user may not open inside an allowed module is plain text too (deliveries-only user)', async () => {
    mockFetch(() => ({
      body: {
        data: {
          next_7_days: [
            {
              id: 1,
              title: 'Revisar solicitudes atrasadas',
              kind: 'postventa',
              link: '/warranties/solicitudes',
              project_id: 1,
              due_at: due,
            },
            {
              id: 2,
              title: 'Coordinar entregas',
              kind: 'entregas',
              link: '/warranties/fichas',
              project_id: 1,
              due_at: due,
            },
          ],
          later: [],
        },
      },
    }));
    const queryClient = clientWithUser(['modulo_entregas']);
    renderWithProviders(<TasksPanel now={Date.parse('2026-03-10T12:00:00Z')} />, { queryClient });
    expect((await screen.findByRole('link', { name: 'Coordinar entregas' })).getAttribute('href')).toBe(
      '/warranties/fichas',
    );
    expect(screen.queryByRole('link', { name: 'Revisar solicitudes atrasadas' })).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssignmentRow } from '#domain/courses-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MisCursosPage } from './mis-cursos-page.tsx';
import { CursosPage } from './cursos-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const assignment = (over: Partial<AssignmentRow> = {}): AssignmentRow => ({
  id: 5,
  course: {
    id: 2,
    name: 'Seguridad en altura',
    description: 'Uso de arnés',
    material_url: 'https://cursos.cl/a',
    material: null,
  },
  user: { id: 4, full_name: 'Ana Rojas', username: 'inspector' },
  state: 'en_curso',
  status: { course: 'en_curso', extension1: null, extension2: null },
  created_at: '2030-01-07T12:00:00.000Z',
  expiry_date: '2030-01-28',
  extension1_date: null,
  extension2_date: null,
  due_date: '2030-01-28',
  completed_at: null,
  allowed_events: ['course.complete'],
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mis cursos (docs/product.md §1: a user sees and completes their courses)', () => {
  it('shows the deadline and the material, and completes the course with the server answer', async () => {
    const fetch = mockFetch((call) =>
      call.method === 'POST'
        ? {
            body: {
              data: assignment({
                state: 'completado',
                status: { course: 'completado', extension1: null, extension2: null },
                completed_at: '2030-01-10T15:00:00.000Z',
                allowed_events: [],
              }),
            },
          }
        : { body: { data: [assignment()] } },
    );
    renderWithProviders(<MisCursosPage />, { route: '/config/mis-cursos' });
    expect(await screen.findByText('Seguridad en altura')).toBeTruthy();
    expect(screen.getByText('Plazo hasta el 28-01-2030')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Abrir enlace' }).getAttribute('href')).toBe('https://cursos.cl/a');
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como completado' }));
    await screen.findByText('Completado el 10-01-2030');
    expect(fetch.calls.find((c) => c.method === 'POST')?.url).toContain('/configuracion/mis-cursos/5/completar');
    expect(screen.queryByRole('button', { name: 'Marcar como completado' })).toBeNull();
  });
});

describe('config cursos (docs/product.md §2: catalogue and assignments)', () => {
  it('lists the assignments with each extension status and extends an expired one', async () => {
    const expired = assignment({
      id: 9,
      state: 'prorroga1_vencida',
      status: { course: 'vencido', extension1: 'vencida', extension2: null },
      extension1_date: '2030-02-18',
      allowed_events: ['course.extend'],
    });
    const fetch = mockFetch((call) => {
      if (call.method === 'POST')
        return {
          body: {
            data: {
              ...expired,
              state: 'prorroga2_en_curso',
              status: { course: 'vencido', extension1: 'vencida', extension2: 'en_curso' },
              extension2_date: '2030-03-11',
              allowed_events: ['course.complete'],
            },
          },
        };
      if (call.url.includes('/asignaciones'))
        return { body: { data: [expired], current_page: 1, total: 1, has_more: false, rowsPerPage: 50 } };
      return { body: { data: [], current_page: 1, total: 0, has_more: false, rowsPerPage: 500 } };
    });
    renderWithProviders(<CursosPage />, { route: '/config/cursos' });
    const table = await screen.findByTestId('course-assignments');
    expect(within(table).getByText('Prórroga 1: Vencida')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Prorrogar' }));
    await within(table).findByText('Prórroga 2: En curso');
    expect(within(table).getByText('11-03-2030')).toBeTruthy();
    expect(fetch.calls.find((c) => c.method === 'POST')?.url).toContain(
      '/configuracion/cursos/asignaciones/9/prorrogar',
    );
  });

  it('checks the course form with the shared schema before sending', async () => {
    const fetch = mockFetch(() => ({
      body: { data: [], current_page: 1, total: 0, has_more: false, rowsPerPage: 50 },
    }));
    renderWithProviders(<CursosPage />, { route: '/config/cursos' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo curso' }));
    const dialog = await screen.findByTestId('course-dialog');
    fireEvent.change(within(dialog).getByLabelText('Enlace del material'), { target: { value: 'no es url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await within(dialog).findByText('Este campo es obligatorio');
    expect(within(dialog).getByText('Ingrese una URL válida')).toBeTruthy();
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false));
  });
});

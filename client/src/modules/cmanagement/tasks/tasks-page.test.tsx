import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { GanttChartProps } from '../schedule/gantt-chart.tsx';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { taskRow } from '../schedule/test-rows.ts';
import { TicketTasksPage } from './tasks-page.tsx';

// dhtmlx-gantt does not draw in jsdom: the chart is replaced by a stand-in that drives the props the real one calls.
vi.mock('../schedule/gantt-chart.tsx', () => ({
  default: (props: GanttChartProps) => (
    <div data-testid="gantt-stand-in" data-rows={props.data.data.length} data-readonly={props.readOnly}>
      <button
        onClick={() =>
          void props
            .onMove(props.data.data[0].row!, { start_date: '2026-12-10', end_date: '2026-12-12' })
            .catch((e: { fields: Record<string, string> }) => props.onRefused(Object.values(e.fields)[0]))
        }
      >
        drag
      </button>
    </div>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const parent = taskRow({ id: 1, allowed_events: ['cmTask.complete'] });
const child = taskRow({
  id: 2,
  parent_id: 1,
  name: 'Sellar juntas',
  state: 'pendiente',
  allowed_events: ['cmTask.start'],
});
const path = (call: RecordedCall) => new URL(call.url).pathname.replace(/^.*\/cmanagement\//, '');

function answer(call: RecordedCall) {
  const p = path(call);
  if (call.method === 'GET' && p === 'tickets/40/tareas')
    return { body: { data: { tasks: [parent, child], links: [] } } };
  if (call.method === 'GET' && p === 'tickets/40')
    return { body: { data: { id: 40, project: { id: 3, name: 'Parque' } } } };
  if (call.method === 'GET' && p === 'personas') return { body: { data: [] } };
  if (call.method === 'POST' && p === 'tickets/40/tareas')
    return {
      status: 422,
      body: { message: 'Datos inválidos', fields: { end_date: 'Debe quedar dentro de las fechas de la tarea' } },
    };
  if (call.method === 'PATCH')
    return { status: 422, body: { message: 'Datos inválidos', fields: { start_date: 'Fuera de la tarea madre' } } };
  return { body: { data: { ...parent, state: 'completada' } } };
}

function renderPage(permissions = ['cmanagement_gestionar']) {
  const api = mockFetch(answer);
  renderWithProviders(
    <Routes>
      <Route path="/cmanagement/tickets/:ticketId/tasks" element={<TicketTasksPage />} />
    </Routes>,
    { route: '/cmanagement/tickets/40/tasks', queryClient: clientWithUser(permissions) },
  );
  return api;
}

describe('the ticket’s Tasks tab', () => {
  it('shows the tasks as an indented tree and the same tasks on the Gantt', async () => {
    renderPage();
    const lines = await screen.findAllByTestId('cm-task-line');
    expect(
      lines.map((l) => [l.getAttribute('aria-level'), within(l).getByText(/Impermeabilizar|Sellar/).textContent]),
    ).toEqual([
      ['1', 'Impermeabilizar losa'],
      ['2', 'Sellar juntas'],
    ]);
    expect(within(lines[0]).getByText('25%')).toBeTruthy();
    expect(within(lines[0]).getByText('Pedro Soto')).toBeTruthy();
    expect((await screen.findByTestId('gantt-stand-in')).dataset.rows).toBe('2');
  });

  it('a state action posts its verb (only those the server allows)', async () => {
    const api = renderPage();
    const [first] = await screen.findAllByTestId('cm-task-line');
    expect(within(first).queryByTestId('cm-task-cmTask.start')).toBeNull();
    fireEvent.click(within(first).getByTestId('cm-task-cmTask.complete'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && path(c) === 'tareas/1/completar')).toBe(true),
    );
  });

  it('a new subtask is validated here first, then the server’s refusal shows under its field', async () => {
    const api = renderPage();
    fireEvent.click(await screen.findByTestId('cm-task-add'));
    fireEvent.click(await screen.findByTestId('cm-task-save'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByTestId('cm-task-name'), { target: { value: 'Retiro de escombros' } });
    fireEvent.click(screen.getByTestId('cm-task-save'));
    expect(await screen.findByText('Debe quedar dentro de las fechas de la tarea')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ name: 'Retiro de escombros', parent_id: null, progress: 0 });
  });

  it('a drag on the Gantt is a PATCH of the task’s dates', async () => {
    const api = renderPage();
    fireEvent.click(await screen.findByText('drag'));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect([path(patch), patch.body]).toEqual(['tareas/1', { start_date: '2026-12-10', end_date: '2026-12-12' }]);
  });

  it('deleting asks first, then sends DELETE', async () => {
    const api = renderPage();
    const [, second] = await screen.findAllByTestId('cm-task-line');
    fireEvent.click(within(second).getByRole('button', { name: /Acciones de «Sellar juntas»/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const confirm = await screen.findByTestId('cm-task-delete-confirm');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && path(c) === 'tareas/2')).toBe(true));
  });

  it('without cmanagement_gestionar: no actions, and the chart is read-only', async () => {
    renderPage([]);
    await screen.findAllByTestId('cm-task-line');
    expect(screen.queryByTestId('cm-task-add')).toBeNull();
    expect(screen.queryByTestId('cm-task-cmTask.complete')).toBeNull();
    expect((await screen.findByTestId('gantt-stand-in')).dataset.readonly).toBe('true');
  });
});

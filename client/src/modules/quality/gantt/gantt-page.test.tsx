import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ActivityRow } from '#domain/quality-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import type { ActivityGanttChartProps } from './activity-gantt-chart.tsx';
import { GanttPage } from './gantt-page.tsx';
import { ganttActivity } from '../test/activities.ts';

// dhtmlx-gantt does not run in jsdom: a stand-in shows what the chart was given and fires its callbacks.
vi.mock('./activity-gantt-chart.tsx', () => ({
  default: (props: ActivityGanttChartProps) => {
    const first = props.data.data.find((d) => d.row)!.row!;
    return (
      <div>
        <div data-testid="gantt-rows">{props.data.data.map((d) => `${d.text}>${d.parent}`).join(' | ')}</div>
        <div data-testid="gantt-mode">{props.readOnly ? 'read-only' : 'editable'}</div>
        <button
          data-testid="drag"
          onClick={() =>
            void props.onDrag(first, { start: '2026-12-08', end: '2026-12-12' }).catch(() => props.onRefused('no'))
          }
        />
        <button data-testid="unlink" onClick={() => props.onLinkDelete(9)} />
      </div>
    );
  },
}));

const row = (over: Partial<ActivityRow>): ActivityRow => ganttActivity({ values: { '5': 51 }, ...over });
const rows = [row({}), row({ id: 2, parent_id: 1, description: 'Muros', values: {} })];

beforeEach(() => session.reset());
afterEach(() => vi.unstubAllGlobals());

function renderPage(permisos: string[], activities: ActivityRow[] = rows) {
  const api = mockFetch((call) => {
    if (call.method === 'PATCH') return { body: { data: { ...rows[0], estimated_start: '2026-12-08' } } };
    if (call.url.includes('/calidad/atributos'))
      return {
        body: {
          data: [{ id: 5, name: 'Torre', position: 0, values: [{ id: 51, name: 'Torre A', activity_count: 1 }] }],
        },
      };
    if (call.url.includes('/calidad/actividades'))
      return { body: { data: activities, links: [{ id: 9, source_id: 1, target_id: 2, type: 'fs' }], total: 2 } };
    return { body: { data: [] } };
  });
  renderWithProviders(<GanttPage />, { route: '/quality/gantt', queryClient: clientWithUser(permisos) });
  return api;
}

describe('/quality/gantt', () => {
  it('without a project it asks for one; picking it is remembered as the session’s project', async () => {
    renderPage(['modulo_calidad', 'calidad_editar']);
    expect(await screen.findByTestId('quality-gantt-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('quality-gantt-project'), { target: { value: '3' } });
    expect(await screen.findByTestId('gantt-rows')).toBeTruthy();
    expect(session.get().projectId).toBe(3);
  });

  it('shows the project’s tree, and grouping by an attribute puts each activity under its value', async () => {
    session.setProject(3);
    const api = renderPage(['modulo_calidad', 'calidad_editar']);
    expect((await screen.findByTestId('gantt-rows')).textContent).toBe('Obra gruesa>0 | Muros>1');
    const request = new URL(api.calls.find((c) => c.url.includes('/calidad/actividades'))!.url);
    expect(request.searchParams.get('project_id')).toBe('3');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Agrupar por Torre' })).toBeTruthy());
    fireEvent.change(screen.getByTestId('quality-gantt-group'), { target: { value: '5' } });
    await waitFor(() =>
      expect(screen.getByTestId('gantt-rows').textContent).toBe(
        'Torre A>0 | Obra gruesa>group-51 | Sin valor>0 | Muros>group-none',
      ),
    );
  });

  it('a drag is a PATCH of the estimated dates; removing a dependency asks first', async () => {
    session.setProject(3);
    const api = renderPage(['modulo_calidad', 'calidad_editar']);
    expect((await screen.findByTestId('gantt-mode')).textContent).toBe('editable');
    fireEvent.click(screen.getByTestId('drag'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/calidad/actividades/1');
    expect(patch.body).toEqual({ estimated_start: '2026-12-08', estimated_end: '2026-12-12' });
    fireEvent.click(screen.getByTestId('unlink'));
    expect(await screen.findByText('¿Desea eliminar esta dependencia entre actividades?')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('without calidad_editar the chart is read-only and says so', async () => {
    session.setProject(3);
    renderPage(['modulo_calidad']);
    expect((await screen.findByTestId('gantt-mode')).textContent).toBe('read-only');
    expect(screen.getByText('Solo lectura: su perfil no permite editar actividades.')).toBeTruthy();
  });

  it('a project without activities shows the empty state', async () => {
    session.setProject(3);
    renderPage(['modulo_calidad'], []);
    expect((await screen.findByTestId('quality-gantt-empty')).textContent).toBe(
      'Este proyecto aún no tiene actividades.',
    );
  });
});

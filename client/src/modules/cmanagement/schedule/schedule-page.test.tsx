import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import type { GanttChartProps } from './gantt-chart.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { taskRow } from './test-rows.ts';

// Neither dhtmlx-gantt nor react-big-calendar's layout runs in jsdom: stand-ins show what they were given.
vi.mock('./gantt-chart.tsx', () => ({
  default: (props: GanttChartProps) => (
    <button data-testid="gantt-stand-in" onClick={() => props.onOpen(props.data.data[1].row!)}>
      {props.data.data.map((d) => d.text).join(' | ')}
    </button>
  ),
}));
vi.mock('./task-calendar.tsx', () => ({
  default: ({ tasks }: { tasks: CmTaskRow[] }) => <div data-testid="calendar-stand-in">{tasks.length}</div>,
}));

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(url: string) {
  const api = mockFetch((call) =>
    call.url.includes('/cronograma') ? { body: { data: { tasks: [taskRow()], links: [] } } } : { body: { data: [] } },
  );
  renderWithProviders(
    <>
      <Routes>
        <Route path="/cmanagement/schedule" element={<SchedulePage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: url, queryClient: clientWithUser(['cmanagement_gestionar']) },
  );
  return api;
}

describe('/cmanagement/schedule', () => {
  it('asks for the filters the URL holds and groups the tasks under their ticket', async () => {
    const api = renderAt('/cmanagement/schedule?state=en_curso&from=2026-12-01&project=3');
    expect((await screen.findByTestId('gantt-stand-in')).textContent).toBe(
      'CM-7 · Filtración losa piso 3 | Impermeabilizar losa',
    );
    const request = new URL(api.calls.find((c) => c.url.includes('/cronograma'))!.url);
    expect(Object.fromEntries(request.searchParams)).toEqual({ state: 'en_curso', from: '2026-12-01', project: '3' });
  });

  it('clicking a task opens its ticket’s tasks', async () => {
    renderAt('/cmanagement/schedule');
    fireEvent.click(await screen.findByTestId('gantt-stand-in'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cmanagement/tickets/40/tasks'));
  });

  it('the calendar toggle is kept in the URL and shows the same tasks', async () => {
    renderAt('/cmanagement/schedule?state=pendiente');
    fireEvent.click(await screen.findByTestId('cm-schedule-calendar'));
    expect((await screen.findByTestId('calendar-stand-in')).textContent).toBe('1');
    expect(screen.getByTestId('where').textContent).toBe('/cmanagement/schedule?state=pendiente&view=calendar');
  });
});

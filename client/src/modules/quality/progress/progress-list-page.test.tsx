import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { ActivityRow } from '#domain/quality-responses';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { ProgressListPage } from './progress-list-page.tsx';
import { activityRow, attribute } from '../test/activities.ts';

const rows: ActivityRow[] = [
  activityRow(1, { code: '1', position: 0, description: 'Obra gruesa', progress: 40, values: { '7': 71 } }),
  activityRow(2, {
    code: '1.1',
    parent_id: 1,
    level: 1,
    position: 0,
    description: 'Fundaciones',
    actual_start: '2026-11-10',
  }),
  activityRow(3, { code: '2', position: 1, description: 'Terminaciones', estimated_cost: 1500000, currency: 'CLP' }),
];
const tower = attribute(7, 'Torre', [
  [71, 'Torre A'],
  [72, 'Torre B'],
]);

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

type Answer = (call: RecordedCall) => MockAnswer | Promise<MockAnswer> | undefined;

function renderAt(
  url: string,
  { permissions = ['modulo_calidad', 'calidad_editar'], answer }: { permissions?: string[]; answer?: Answer } = {},
) {
  const api = mockFetch((call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.url.includes('/calidad/atributos')) return { body: { data: [tower] } };
    if (call.url.includes('/calidad/actividades?')) return { body: { data: rows, links: [], total: rows.length } };
    return { body: { data: [] } };
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/quality/construction-progress/list" element={<ProgressListPage />} />
      </Routes>
      <Where />
    </>,
    { route: url, queryClient: clientWithUser(permissions) },
  );
  return api;
}

const visibleDescriptions = () =>
  screen.getAllByTestId('activity-row').map((r) => within(r).getByTestId(/cell-\d+-description/).textContent);

beforeEach(() => {
  session.setProject(3);
  // happy-dom lays nothing out: give the windowed scroller a size so it renders its rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1400);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/quality/construction-progress/list', { timeout: 60_000 }, () => {
  it('shows the project’s tree, collapses and expands a row and all rows', async () => {
    const api = renderAt('/quality/construction-progress/list');
    await screen.findByText('Fundaciones');
    expect(visibleDescriptions()).toEqual(['Obra gruesa', 'Fundaciones', 'Terminaciones']);
    expect(new URL(api.calls.find((c) => c.url.includes('/actividades?'))!.url).searchParams.get('project_id')).toBe(
      '3',
    );
    expect(screen.getByTestId('progress-count').textContent).toBe('3 actividades');
    expect(screen.getByTestId('cell-3-estimated_cost').textContent).toBe('CLP 1.500.000');
    expect(screen.getByTestId('cell-1-attribute-7').textContent).toBe('Torre A');

    fireEvent.click(screen.getByRole('button', { name: 'Contraer «Obra gruesa»' }));
    expect(visibleDescriptions()).toEqual(['Obra gruesa', 'Terminaciones']);
    fireEvent.click(screen.getByRole('button', { name: 'Expandir «Obra gruesa»' }));
    expect(visibleDescriptions()).toEqual(['Obra gruesa', 'Fundaciones', 'Terminaciones']);
    fireEvent.click(screen.getByTestId('collapse-all'));
    expect(visibleDescriptions()).toEqual(['Obra gruesa', 'Terminaciones']);
    fireEvent.click(screen.getByTestId('expand-all'));
    expect(visibleDescriptions()).toHaveLength(3);
  });

  it('an inline edit sends a PATCH with the decimal comma read, and shows it at once', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const api = renderAt('/quality/construction-progress/list', {
      // The PATCH is answered only once the test has looked at the row.
      answer: (call) =>
        call.method === 'PATCH' ? gate.then(() => ({ body: { data: { ...rows[0], progress: 12.5 } } })) : undefined,
    });
    const user = userEvent.setup();
    await screen.findByText('Fundaciones');
    await user.click(screen.getByTestId('cell-1-progress'));
    const input = screen.getByTestId('cell-1-progress-input');
    await user.clear(input);
    await user.type(input, '12,5{Enter}');
    // Optimistic: the row shows the new value before the server answers.
    expect(screen.getByTestId('cell-1-progress').textContent).toBe('12,5 %');
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    release();
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/calidad/actividades/1');
    expect(patch.body).toEqual({ progress: 12.5 });
    await waitFor(() => expect(screen.queryByTestId('cell-1-progress-input')).toBeNull());
    expect(screen.getByTestId('cell-1-progress').textContent).toBe('12,5 %');
  });

  it('a value the server refuses (422) keeps the typed text with the field’s message, Escape drops it', async () => {
    const api = renderAt('/quality/construction-progress/list', {
      answer: (call) =>
        call.method === 'PATCH'
          ? {
              status: 422,
              body: {
                message: 'Revise los datos',
                errors: ['La fecha debe ser igual o posterior a 10-11-2026'],
                fields: { actual_end: 'La fecha debe ser igual o posterior a 10-11-2026' },
              },
            }
          : undefined,
    });
    const user = userEvent.setup();
    await screen.findByText('Fundaciones');
    await user.click(screen.getByTestId('cell-2-actual_end'));
    const input = screen.getByTestId('cell-2-actual_end-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2026-11-12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('cell-2-actual_end-error')).textContent).toBe(
      'La fecha debe ser igual o posterior a 10-11-2026',
    );
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ actual_end: '2026-11-12' });
    const kept = screen.getByTestId('cell-2-actual_end-input') as HTMLInputElement;
    expect(kept.value).toBe('2026-11-12');
    expect(kept.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(kept, { key: 'Escape' });
    expect(screen.queryByTestId('cell-2-actual_end-error')).toBeNull();
    expect(screen.getByTestId('cell-2-actual_end').textContent).toBe('');
  });

  it('a value the schema refuses is not sent: the message shows in place', async () => {
    const api = renderAt('/quality/construction-progress/list');
    const user = userEvent.setup();
    await screen.findByText('Fundaciones');
    await user.click(screen.getByTestId('cell-1-progress'));
    const input = screen.getByTestId('cell-1-progress-input');
    await user.clear(input);
    await user.type(input, '120{Enter}');
    expect(screen.getByTestId('cell-1-progress-error').textContent).toBe('El valor máximo es 100');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('keeps the attribute filters and the search in the URL and asks with them', async () => {
    const api = renderAt('/quality/construction-progress/list?q=losa');
    const user = userEvent.setup();
    await screen.findByText('Fundaciones');
    await user.click(within(screen.getByTestId('attribute-filter-7')).getByRole('button', { name: /Torre/ }));
    const list = await screen.findByRole('group', { name: 'Torre' });
    await user.click(within(list).getByRole('checkbox', { name: 'Torre B' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/quality/construction-progress/list?q=losa&values=72'),
    );
    await waitFor(() => {
      const last = api.calls.filter((c) => c.url.includes('/actividades?')).at(-1)!;
      expect(Object.fromEntries(new URL(last.url).searchParams)).toEqual({ project_id: '3', q: 'losa', values: '72' });
    });
  });

  it('without calidad_editar the list reads only: no create, no edit in place', async () => {
    renderAt('/quality/construction-progress/list', { permissions: ['modulo_calidad'] });
    await screen.findByText('Fundaciones');
    expect(screen.queryByTestId('progress-create')).toBeNull();
    expect(screen.queryByTestId('progress-bulk')).toBeNull();
    expect(screen.getByTestId('progress-read-only')).toBeTruthy();
    expect(screen.getByTestId('cell-1-progress').tagName).not.toBe('BUTTON');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { IssuePage } from './issue-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const issue: CmIssueRow = {
  id: 71,
  ticket_id: 40,
  number: 2,
  title: 'Fisura en losa del piso 3',
  description: null,
  state: 'abierta',
  assignee: null,
  due_date: null,
  photos: [],
  pin: null,
  allowed_events: ['cmIssue.start', 'cmIssue.resolve', 'cmIssue.close'],
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
};
const other: CmIssueRow = {
  ...issue,
  id: 70,
  number: 1,
  title: 'Falta guardapolvo',
  pin: { plan_id: 9, page: 1, x: 0.5, y: 0.5 },
};
const path = (call: RecordedCall) => new URL(call.url).pathname.replace(/^.*\/cmanagement\//, '');

function renderPage(permissions = ['cmanagement_gestionar']) {
  const api = mockFetch((call) => {
    const p = path(call);
    if (call.method === 'PATCH') return { body: { data: { ...issue, ...(call.body as object) } } };
    if (call.method === 'POST')
      return { body: { data: { ...issue, state: 'en_curso', allowed_events: ['cmIssue.resolve'] } } };
    if (p === 'tickets/40/issues/71') return { body: { data: issue } };
    if (p === 'tickets/40/issues') return { body: { data: [other, issue] } };
    if (p === 'tickets/40/planos')
      return {
        body: {
          data: [
            { id: 9, name: 'Planta piso 3', url: '/api/v2/public/files/1/p3.png', type: 'image/png', unit_type: null },
          ],
        },
      };
    if (p === 'tickets/40') return { body: { data: { id: 40, project: { id: 3, name: 'Parque' } } } };
    return { body: { data: [] } };
  });
  renderWithProviders(
    <Routes>
      <Route path="/cmanagement/tickets/:ticketId/issues/:issueId" element={<IssuePage />} />
    </Routes>,
    { route: '/cmanagement/tickets/40/issues/71', queryClient: clientWithUser(permissions) },
  );
  return api;
}

describe('the issue page (docs/product.md §1 Cmanagement issue)', () => {
  it('places the issue’s pin where the plan was clicked, as fractions of the plan', async () => {
    const api = renderPage();
    await screen.findByText(/Fisura en losa del piso 3/);
    // The ticket's other issue shows on the plan, but only this one may be placed here.
    await screen.findByTestId('plan-pin-1', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('plan-place-1')).toBeNull();
    // The plan speaks of issues and their states, not of after-sales failures.
    expect(screen.getByTestId('plan-pin-1').getAttribute('aria-label')).toBe(
      'Incidencia 1: Falta guardapolvo, Abierta',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ubicar la incidencia 2 en el plano' }));
    const surface = screen.getByTestId('plan-surface');
    surface.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0 }) as DOMRect;
    fireEvent.click(surface, { clientX: 100, clientY: 150 });
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(path(patch)).toBe('tickets/40/issues/71');
    expect(patch.body).toEqual({ pin: { plan_id: 9, page: 1, x: 0.25, y: 0.75 } });
    expect(await screen.findByTestId('plan-pin-2')).toBeTruthy();
  });

  it('offers the state actions the machine allows, sent by their verb', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByTestId('issue-action-cmIssue.start'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(path(api.calls.find((c) => c.method === 'POST')!)).toBe('tickets/40/issues/71/iniciar');
    expect(await screen.findByTestId('issue-action-cmIssue.resolve')).toBeTruthy();
  });

  it('is read-only without the manage permission', async () => {
    renderPage([]);
    await screen.findByText(/Fisura en losa del piso 3/);
    expect(screen.queryByTestId('issue-save')).toBeNull();
    expect((screen.getByTestId('issue-title') as HTMLInputElement).disabled).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { TicketIssuesPage } from './issues-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const row = (id: number, number: number, title: string, state: CmIssueRow['state']): CmIssueRow => ({
  id,
  ticket_id: 40,
  number,
  title,
  description: null,
  state,
  assignee: null,
  due_date: null,
  photos: [],
  pin: null,
  allowed_events: [],
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
});
const issues = [row(70, 1, 'Falta guardapolvo', 'abierta'), row(71, 2, 'Fisura en losa', 'resuelta')];
const path = (call: RecordedCall) => new URL(call.url).pathname.replace(/^.*\/cmanagement\//, '');

function renderPage() {
  const api = mockFetch((call) => {
    const p = path(call);
    if (call.method === 'POST') return { status: 201, body: { data: { ...row(72, 3, 'Enchufe suelto', 'abierta') } } };
    if (p === 'tickets/40/issues') return { body: { data: issues } };
    if (p === 'tickets/40/planos') return { body: { data: [] } };
    if (p === 'tickets/40') return { body: { data: { id: 40, project: { id: 3, name: 'Parque' } } } };
    return { body: { data: [] } };
  });
  renderWithProviders(
    <Routes>
      <Route path="/cmanagement/tickets/:ticketId/issues" element={<TicketIssuesPage />} />
      <Route path="/cmanagement/tickets/:ticketId/issues/:issueId" element={<p>issue page</p>} />
    </Routes>,
    { route: '/cmanagement/tickets/40/issues', queryClient: clientWithUser(['cmanagement_gestionar']) },
  );
  return api;
}

describe('the ticket’s Issues tab', () => {
  it('lists the issues with their state and link, and says when the project has no plans', async () => {
    renderPage();
    const list = await screen.findByTestId('issues-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByTestId('issue-71')).getByText('Resuelta')).toBeTruthy();
    expect(within(screen.getByTestId('issue-70')).getByRole('link').getAttribute('href')).toBe(
      '/cmanagement/tickets/40/issues/70',
    );
    expect(await screen.findByText(/El proyecto del ticket no tiene planos/)).toBeTruthy();
  });

  it('creates an issue checked by the shared schema, then opens it', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByTestId('issue-new'));
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByTestId('issue-title'), 'Enchufe suelto');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'Enchufe suelto',
      assignee_id: null,
    });
    expect(await screen.findByText('issue page')).toBeTruthy();
  });
});

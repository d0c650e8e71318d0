import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarFeedRow, CalendarFeedView, ConnectionView } from '#domain/integrations-responses';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SchedulingPage } from './scheduling-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const feed = (token: string, running = true): CalendarFeedView => {
  const url = `https://app.example.cl/calendario/${token}.ics`;
  const webcal = url.replace('https://', 'webcal://');
  return {
    url,
    webcal_url: webcal,
    google_url: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    running,
    created_at: '2026-11-01T10:00:00.000Z',
    rotated_at: null,
    last_fetched_at: null,
  };
};
const connection: ConnectionView = {
  kind: 'calendario',
  state: 'activa',
  configured: true,
  settings: {},
  secrets: {},
  requested_at: null,
  updated_at: '2026-11-01T10:00:00.000Z',
};
const row: CalendarFeedRow = {
  user: { id: 7, full_name: 'Ana Rojas', acronym: 'AR', color: null, is_enabled: true },
  created_at: '2026-11-01T10:00:00.000Z',
  rotated_at: null,
  last_fetched_at: '2026-11-20T10:00:00.000Z',
};

function render(running = true) {
  const api = mockFetch((call) => {
    if (call.url.includes('mi-feed/rotar')) return { body: { data: feed('b'.repeat(43)) } };
    if (call.url.endsWith('mi-feed')) return { body: { data: feed('a'.repeat(43), running) } };
    if (call.url.endsWith('/feeds')) return { body: { data: [row] } };
    if (call.method === 'DELETE') return { body: { message: 'ok' } };
    return { body: { data: { ...connection, state: running ? 'activa' : 'inactiva' } } };
  });
  renderWithProviders(<SchedulingPage />, { route: '/config/integraciones/scheduling' });
  return api;
}

describe('config/integraciones/scheduling (docs/api.md "Calendar feeds")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the personal URL, the Google link and the people with a feed', async () => {
    render();
    const input = (await screen.findByTestId('calendar-feed-url')) as HTMLInputElement;
    expect(input.value).toBe(`https://app.example.cl/calendario/${'a'.repeat(43)}.ics`);
    const google = screen.getByText('Agregar a Google Calendar').closest('a')!;
    expect(google.getAttribute('href')).toBe(feed('a'.repeat(43)).google_url);
    expect(screen.getByText('Abrir en Apple Calendar (webcal://)').closest('a')!.getAttribute('href')).toMatch(
      /^webcal:\/\//,
    );
    expect((await screen.findByTestId('calendar-people-count')).textContent).toBe('1 persona tiene su calendario.');
    expect(screen.getByText('Ana Rojas')).toBeTruthy();
    expect(screen.queryByTestId('calendar-off')).toBeNull();
  });

  it('rotates only after confirming, and shows the new URL', async () => {
    const api = render();
    await screen.findByTestId('calendar-feed-url');
    await userEvent.click(screen.getByTestId('calendar-rotate'));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Generar un enlace nuevo' }));
    await waitFor(() =>
      expect((screen.getByTestId('calendar-feed-url') as HTMLInputElement).value).toContain('b'.repeat(43)),
    );
  });

  it('says when the integration is off and offers to activate it', async () => {
    render(false);
    expect(await screen.findByTestId('calendar-off')).toBeTruthy();
    expect((await screen.findByTestId('calendar-toggle')).textContent).toBe('Activar');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type DataRouter } from 'react-router';
import { mockFetch } from '../api/mock-fetch.ts';
import { authUserQuery, type AuthUser } from '../api/session/auth-user.ts';
import { session } from '../shared/session/session-store.ts';
import { clientWithUser } from '../test/users.ts';
import { createScreenReportQueue, SCREEN_REPORT } from './screen-report-queue.ts';
import { screenNameOf, useScreenReporting } from './screen-reporting.ts';

describe('screen report queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what waits every 30 s, and nothing when nothing waits', () => {
    const send = vi.fn(() => Promise.resolve());
    const q = createScreenReportQueue({ send });
    q.start();
    q.add({ route: 'home.proyectos' });
    q.add({ route: 'warranties.solicitudes', project_id: 3 });
    vi.advanceTimersByTime(SCREEN_REPORT.intervalMs - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith([
      { route: 'home.proyectos' },
      { route: 'warranties.solicitudes', project_id: 3 },
    ]);
    vi.advanceTimersByTime(SCREEN_REPORT.intervalMs * 3);
    expect(send).toHaveBeenCalledTimes(1);
    q.stop();
  });

  it('sends at once when 20 wait', () => {
    const send = vi.fn(() => Promise.resolve());
    const q = createScreenReportQueue({ send });
    for (let i = 0; i < SCREEN_REPORT.batchSize - 1; i++) q.add({ route: `home.r${i}` });
    expect(send).not.toHaveBeenCalled();
    q.add({ route: 'home.last' });
    expect(send).toHaveBeenCalledTimes(1);
    expect((send.mock.calls[0] as unknown[])[0]).toHaveLength(SCREEN_REPORT.batchSize);
    expect(q.pending()).toBe(0);
  });

  it('drops a failed batch silently and goes on', async () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const q = createScreenReportQueue({ send });
    q.start();
    q.add({ route: 'home.proyectos' });
    vi.advanceTimersByTime(SCREEN_REPORT.intervalMs);
    await Promise.resolve();
    expect(q.pending()).toBe(0);
    q.add({ route: 'home.tareas' });
    vi.advanceTimersByTime(SCREEN_REPORT.intervalMs);
    expect(send).toHaveBeenLastCalledWith([{ route: 'home.tareas' }]);
    q.stop();
  });

  it('uses the exit sender when the page goes away, and stop forgets what waits', () => {
    const send = vi.fn(() => Promise.resolve());
    const sendOnExit = vi.fn();
    const q = createScreenReportQueue({ send, sendOnExit });
    q.add({ route: 'home.proyectos' });
    q.flush(true);
    expect(sendOnExit).toHaveBeenCalledWith([{ route: 'home.proyectos' }]);
    expect(send).not.toHaveBeenCalled();
    q.add({ route: 'home.tareas' });
    q.stop();
    q.flush();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('screenNameOf', () => {
  it('names a path by its route manifest name, never by the path', () => {
    expect(screenNameOf('/warranties/dashboard/solicitudes')).toBe('warranties.dashboard.solicitudes');
    expect(screenNameOf('/warranties/solicitud/31/fallas')).toBe('warranties.solicitud.fallas');
    expect(screenNameOf('/ocinsights/usabilidad/')).toBe('ocinsights.usabilidad');
  });

  it('skips redirecting nodes, unknown paths, sign-in and the owners’ portal', () => {
    expect(screenNameOf('/warranties/dashboard')).toBeUndefined();
    expect(screenNameOf('/no-such-screen')).toBeUndefined();
    expect(screenNameOf('/login')).toBeUndefined();
    expect(screenNameOf('/portal')).toBeUndefined();
  });
});

describe('useScreenReporting', () => {
  let router: DataRouter;
  const Probe = () => {
    useScreenReporting();
    return null;
  };
  const mount = (client = clientWithUser([])) => {
    router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/home/proyectos'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };
  const reports = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.url.endsWith('/uso/pantallas'));

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    session.setProject(null);
  });

  it('queues each screen of a staff user with the session project and posts them in one batch', async () => {
    const api = mockFetch(() => ({ status: 204 }));
    session.setProject(3);
    mount();
    await act(() => router.navigate('/warranties/solicitud/31/fallas'));
    await act(() => vi.advanceTimersByTimeAsync(SCREEN_REPORT.intervalMs));
    const [call] = reports(api);
    expect(call.method).toBe('POST');
    expect(call.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(call.body).toEqual({
      screens: [
        { route: 'home.proyectos', project_id: 3 },
        { route: 'warranties.solicitud.fallas', project_id: 3 },
      ],
    });
  });

  it('sends with keepalive when the tab is hidden, and no toast when it fails', async () => {
    const api = mockFetch(() => ({ status: 500, body: { message: 'boom' } }));
    mount();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    hidden.mockRestore();
    expect(reports(api)).toHaveLength(1);
    const init = api.fn.mock.calls[0][1] as RequestInit;
    expect(init.keepalive).toBe(true);
    expect(reports(api)[0].body).toEqual({ screens: [{ route: 'home.proyectos' }] });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(document.body.textContent).not.toContain('boom');
  });

  it('reports nothing for an owner', async () => {
    const api = mockFetch(() => ({ status: 204 }));
    const client = clientWithUser([]);
    const staff = client.getQueryData(authUserQuery.queryKey) as AuthUser;
    const owner: AuthUser = { ...staff, kind: 'owner' };
    client.setQueryData(authUserQuery.queryKey, owner);
    mount(client);
    await act(() => vi.advanceTimersByTimeAsync(SCREEN_REPORT.intervalMs * 2));
    expect(reports(api)).toHaveLength(0);
  });
});

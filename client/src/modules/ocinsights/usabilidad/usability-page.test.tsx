import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type RecordedCall } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { activeUsers, adoption, moduleUsage, neverSignedIn } from '../test/fixtures.ts';
import { localDay } from './usage-range.ts';
import { UsabilityPage } from './usability-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const ANSWERS: Record<string, () => unknown> = {
  activos: activeUsers,
  modulos: moduleUsage,
  adopcion: adoption,
  'sin-ingreso': neverSignedIn,
};
const endpoint = (c: RecordedCall) => new URL(c.url).pathname.split('/ocinsights/uso/')[1];

function render(permisos = ['insights_uso']) {
  const api = mockFetch((call) => {
    const answer = ANSWERS[endpoint(call) ?? ''];
    return answer ? { body: { data: answer() } } : { status: 404, body: { message: 'No encontrado' } };
  });
  renderWithProviders(<UsabilityPage />, { route: '/ocinsights/usabilidad', queryClient: clientWithUser(permisos) });
  return api;
}

beforeEach(() => session.reset());
afterEach(() => vi.unstubAllGlobals());

describe('/ocinsights/usabilidad', () => {
  it('shows every section from its own call, for the last 30 days by default', async () => {
    const api = render();
    expect((await screen.findByTestId('usage-active-total')).textContent).toBe(
      '6 de 8 usuarios usaron la aplicación en el período (75 %).',
    );
    await screen.findByTestId('usage-never-list');
    const calls = api.calls.filter(endpoint);
    expect(calls.map(endpoint).sort()).toEqual(['activos', 'adopcion', 'modulos', 'sin-ingreso']);
    const active = new URL(calls.find((c) => endpoint(c) === 'activos')!.url).searchParams;
    const today = localDay(new Date());
    expect(active.get('to')).toBe(today);
    expect((Date.parse(today) - Date.parse(active.get('from')!)) / 86_400_000).toBe(29);
    expect(active.has('project_id')).toBe(false);

    // Charts: named, with their figures in the screen-reader tables; modules by the sidebar's names.
    expect(screen.getByRole('img', { name: 'Usuarios activos por día' })).toBeTruthy();
    const modules = within(screen.getByTestId('usage-modules-chart')).getByRole('table');
    expect(
      within(modules)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MóduloPantallasAcciones', 'Propietarios4012', 'Calidad90']);
    // The most used: a screen by its page title (its route name beside it), an unknown screen and an action by name.
    const top = within(screen.getByTestId('usage-top')).getAllByRole('row').slice(1);
    expect(top[0].textContent).toContain('PantallaSolicitudes');
    expect(top[0].textContent).toContain('warranties.solicitudes');
    expect(top[1].textContent).toContain('AcciónPOST /postventa/solicitudes');
    expect(top[2].textContent).toContain('quality.pantalla-nueva');
    // Adoption with its share; a profile-less row named so.
    expect(screen.getByTestId('usage-adoption-projects').textContent).toContain('Edificio Parque34');
    expect(screen.getByTestId('usage-adoption-projects').textContent).toContain('75\u00a0%');
    expect(screen.getByTestId('usage-adoption-profiles').textContent).toContain('Sin perfil');
    expect(screen.getByTestId('usage-never-list').textContent).toContain('Tomás Reyes');
    expect(screen.getByTestId('usage-never-list').textContent).toContain('treyes');
  });

  it('asks again with a preset, a project and a custom range, and waits while the custom range is wrong', async () => {
    const api = render();
    await screen.findByTestId('usage-active-total');
    fireEvent.click(screen.getByTestId('usage-preset-7'));
    fireEvent.change(screen.getByTestId('usage-project'), { target: { value: '3' } });
    await waitFor(() =>
      expect(
        api.calls.some((c) => {
          const q = new URL(c.url).searchParams;
          return endpoint(c) === 'modulos' && q.get('project_id') === '3' && q.get('from') !== null;
        }),
      ).toBe(true),
    );
    const last = new URL(api.calls.filter((c) => endpoint(c) === 'activos').at(-1)!.url).searchParams;
    expect((Date.parse(last.get('to')!) - Date.parse(last.get('from')!)) / 86_400_000).toBe(6);
    expect(last.get('project_id')).toBe('3');

    fireEvent.click(screen.getByTestId('usage-preset-custom'));
    fireEvent.change(screen.getByTestId('usage-from'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByTestId('usage-to'), { target: { value: '2026-03-01' } });
    expect(screen.getByText('La fecha de inicio debe ser anterior o igual a la de término')).toBeTruthy();
    expect(screen.getByTestId('usage-pick-range')).toBeTruthy();
    fireEvent.change(screen.getByTestId('usage-to'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(api.calls.some((c) => endpoint(c) === 'activos' && c.url.includes('from=2026-03-10&to=2026-03-31'))).toBe(
        true,
      ),
    );
  });

  it('says the user may not see it without insights_uso, and asks nothing', async () => {
    const api = render([]);
    expect(await screen.findByTestId('no-permission')).toBeTruthy();
    expect(api.calls.filter(endpoint)).toHaveLength(0);
  });
});

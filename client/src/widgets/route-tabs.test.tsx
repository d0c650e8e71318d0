import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../test/render.tsx';
import { seriousAxeViolations } from '../test/axe.ts';
import { currentRouteTab, RouteTabs } from './route-tabs.tsx';

const TABS = [
  { value: 'actividad', label: 'Actividad' },
  { value: 'fallas', label: 'Fallas' },
  { value: 'oi', label: 'OI' },
];

function Screen() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/t/:id/*"
        element={
          <RouteTabs base="/t/7" tabs={TABS}>
            <Screen />
          </RouteTabs>
        }
      />
    </Routes>,
    { route },
  );
}

describe('RouteTabs (a detail page whose tabs are routes)', () => {
  it('the path chooses the open tab, nested routes included; the first tab otherwise', () => {
    expect(currentRouteTab('/t/7/oi/gestionar/3', '/t/7', TABS)).toBe('oi');
    expect(currentRouteTab('/t/7', '/t/7', TABS)).toBe('actividad');
    expect(currentRouteTab('/t/7/otra', '/t/7', TABS)).toBe('actividad');
  });

  it('choosing a tab navigates to its route, and the open screen is the tab panel', async () => {
    renderAt('/t/7/fallas');
    expect(screen.getByRole('tab', { name: 'Fallas' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'OI' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/t/7/oi'));
    expect(screen.getByRole('tab', { name: 'OI' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').contains(screen.getByTestId('where'))).toBe(true);
  });

  it('has no serious accessibility violations (tabs name the panel that exists)', async () => {
    const { container } = renderAt('/t/7/actividad');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { FichaLayout } from './ficha-layout.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

describe('ficha/{unitId} with an id that is not one', () => {
  it.each(['abc', '0', '2x'])('shows the not-found state for ficha/%s without a request', async (id) => {
    const api = mockFetch(() => ({ status: 404, body: { message: 'No encontrado' } }));
    renderWithProviders(
      <Routes>
        <Route path="/warranties/ficha/:unitId" element={<FichaLayout />} />
      </Routes>,
      { route: `/warranties/ficha/${id}`, queryClient: clientWithUser(['entregas_gestionar']) },
    );
    expect(await screen.findByText('No encontramos esta ficha o no tiene acceso a ella')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

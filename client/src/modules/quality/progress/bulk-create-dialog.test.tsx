import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { BulkCreateDialog, bulkLines } from './bulk-create-dialog.tsx';
import { activityRow } from '../test/activities.ts';

afterEach(() => vi.unstubAllGlobals());

// Generous timeout: a Chakra dialog's first render is slow on a shared 2-core machine.
describe('bulk creation of activities', { timeout: 30_000 }, () => {
  it('counts the non-blank lines', () => {
    expect(bulkLines('Excavación\n\n  Enfierradura  \n \nHormigonado\n')).toEqual([
      'Excavación',
      'Enfierradura',
      'Hormigonado',
    ]);
  });

  it('shows the count as lines are typed and sends them under the parent', async () => {
    const api = mockFetch(() => ({ body: { data: [] } }));
    const onClose = vi.fn();
    renderWithProviders(
      <BulkCreateDialog projectId={3} parent={activityRow(9, { description: 'Obra gruesa' })} open onClose={onClose} />,
      { queryClient: clientWithUser(['modulo_calidad', 'calidad_editar']) },
    );
    expect(screen.getByText('Se creará bajo «Obra gruesa».')).toBeTruthy();
    expect(screen.getByTestId('bulk-count').textContent).toBe('0 actividades (máximo 500)');
    fireEvent.change(screen.getByTestId('bulk-text'), { target: { value: 'Excavación\n\nEnfierradura\nHormigonado' } });
    expect(screen.getByTestId('bulk-count').textContent).toBe('3 actividades (máximo 500)');
    fireEvent.click(screen.getByRole('button', { name: 'Crear 3 actividades' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = api.calls.find((c) => c.method === 'POST')!;
    expect(call.url).toContain('/calidad/actividades/masivo');
    expect(call.body).toEqual({ project_id: 3, parent_id: 9, descriptions: 'Excavación\nEnfierradura\nHormigonado' });
  });

  it('shows the server’s message when it refuses', async () => {
    mockFetch(() => ({ status: 422, body: { message: 'x', fields: { descriptions: 'Demasiadas actividades' } } }));
    const onClose = vi.fn();
    renderWithProviders(<BulkCreateDialog projectId={3} parent={null} open onClose={onClose} />, {
      queryClient: clientWithUser(['calidad_editar']),
    });
    expect(screen.getByText('Se creará en el primer nivel.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bulk-text'), { target: { value: 'Una' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear 1 actividad' }));
    expect((await screen.findByTestId('bulk-error')).textContent).toBe('Demasiadas actividades');
    expect(onClose).not.toHaveBeenCalled();
  });
});

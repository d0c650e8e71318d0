import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';

vi.setConfig({ testTimeout: 90_000 });
afterEach(() => vi.unstubAllGlobals());

const options = {
  positions: [{ id: 3, name: 'Jefe de obra' }],
  profiles: [{ id: 7, name: 'Inspector' }],
  projects: [{ id: 11, name: 'Condominio Alto Macul', group_id: 1 }],
};

function answers(create: () => { status?: number; body: unknown }) {
  return mockFetch((call) => {
    if (call.url.includes('/opciones')) return { body: { data: options } };
    return create();
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, confirmation: string) {
  const form = await screen.findByTestId('user-form');
  await user.type(within(form).getByTestId('user-username'), 'corellana');
  await user.type(within(form).getByTestId('user-first-name'), 'Camila');
  await user.type(within(form).getByTestId('user-last-name'), 'Orellana');
  await user.type(within(form).getByTestId('user-email'), 'camila@cordillera.cl');
  await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Inspector' })).toHaveLength(1));
  await user.selectOptions(within(form).getByTestId('user-profile'), '7');
  await user.type(form.querySelector('input[name="password"]')!, 'clave-segura-1');
  await user.type(form.querySelector('input[name="password_confirmation"]')!, confirmation);
  return form;
}

describe('user form (docs/product.md §3 User, §5)', () => {
  it("refuses a confirmation that does not match with 'Valores no coinciden', sending nothing", async () => {
    const f = answers(() => ({ body: {} }));
    const user = userEvent.setup();
    renderWithProviders(<UserFormDialog open onClose={() => undefined} />);
    const form = await fill(user, 'otra-clave');
    await user.click(within(form).getByTestId('user-save'));
    expect(await within(form).findByText('Valores no coinciden')).toBeTruthy();
    expect(f.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends every field and closes; a server 422 lands on its field', async () => {
    let status = 422;
    const f = answers(() =>
      status === 422
        ? {
            status,
            body: {
              message: 'Datos inválidos',
              errors: [],
              fields: { username: 'Este nombre de usuario ya está en uso' },
            },
          }
        : { status: 201, body: { message: 'Usuario creado', data: { id: 99 } } },
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UserFormDialog open onClose={onClose} />);
    const form = await fill(user, 'clave-segura-1');
    await user.click(within(form).getByTestId('user-save'));
    expect(await within(form).findByText('Este nombre de usuario ya está en uso')).toBeTruthy();
    status = 201;
    await user.click(within(form).getByTestId('user-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = f.calls.filter((c) => c.method === 'POST').at(-1)!;
    expect(sent.body).toMatchObject({
      username: 'corellana',
      first_name: 'Camila',
      email: 'camila@cordillera.cl',
      profile_id: 7,
      position_id: null,
      all_projects: false,
      project_ids: [],
      password: 'clave-segura-1',
      password_confirmation: 'clave-segura-1',
    });
  });
});

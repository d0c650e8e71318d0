import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { EDITOR, company, concreteType, element, mockConcreteApi, refusal, writes } from '../test/fixtures.ts';
import { PlacementFormDialog } from './placement-form-dialog.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const STATE = {
  elementos: [element({ id: 1, name: 'Losa' }), element({ id: 2, name: 'Muro', position: 1 })],
  empresas: [company({ id: 3 }), company({ id: 4, name: 'Sin homologar', homologated: false })],
  tipos: [concreteType({ id: 10 })],
};

function open(answer = refusal({ zone_cycle: 'no' })) {
  const api = mockConcreteApi(STATE, () => answer);
  const onClose = vi.fn();
  renderWithProviders(<PlacementFormDialog open onClose={onClose} projectId={7} initialGlobalIds={['W-1', 'W-2']} />, {
    route: '/concrete/advanceBim',
    queryClient: clientWithUser(EDITOR),
  });
  return { api, onClose };
}

async function fill() {
  const dialog = await screen.findByTestId('placement-dialog');
  await waitFor(() =>
    expect(within(dialog).getByTestId('placement-element').querySelectorAll('option')).toHaveLength(3),
  );
  await userEvent.selectOptions(within(dialog).getByTestId('placement-element'), '2');
  await userEvent.type(within(dialog).getByLabelText(/Volumen/), '12,5');
  await userEvent.type(within(dialog).getByTestId('placement-location'), 'Piso 3');
  await userEvent.type(within(dialog).getByTestId('placement-unit'), 'Torre A');
  await userEvent.selectOptions(within(dialog).getByTestId('placement-company'), '3');
  await userEvent.selectOptions(within(dialog).getByTestId('placement-type'), '10');
  return dialog;
}

describe('the placement form (docs/product.md §3 Concrete placement, §5)', () => {
  it('offers only homologated companies and asks for the zone/cycle or an axis before sending', async () => {
    const { api } = open();
    const dialog = await fill();
    const companies = [...within(dialog).getByTestId('placement-company').querySelectorAll('option')];
    expect(companies.map((o) => o.textContent)).toEqual(['Seleccione…', 'Hormigones del Sur']);
    expect(within(dialog).getByTestId('placement-elements').textContent).toBe('2 elementos del modelo BIM');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    expect(await within(dialog).findByText('Indique la zona/ciclo o al menos un eje')).toBeTruthy();
    expect(writes(api)).toHaveLength(0);
  });

  it('schedules the placement with the selected elements and the m3 typed with a comma', async () => {
    const { api, onClose } = open({ status: 201, body: { data: { id: 1, project_id: 7 } } });
    const dialog = await fill();
    await userEvent.type(within(dialog).getByTestId('placement-axis_1'), 'A');
    await userEvent.click(screen.getByTestId('form-dialog-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('/hormigon/vaciados'),
      body: expect.objectContaining({
        project_id: 7,
        element_id: 2,
        m3: 12.5,
        location: 'Piso 3',
        unit: 'Torre A',
        axis_1: 'A',
        concrete_company_id: 3,
        concrete_type_id: 10,
        global_ids: ['W-1', 'W-2'],
      }),
    });
  });
});

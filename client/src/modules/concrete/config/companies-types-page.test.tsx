import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import { EDITOR, VIEWER, company, concreteType, refusal, writes, type ConcreteState } from '../test/fixtures.ts';
import { renderConfigPage } from '../test/render-config-page.tsx';
import { CompaniesTypesConfigPage } from './companies-types-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const render = (permisos: string[], state: ConcreteState, write?: (call: RecordedCall) => MockAnswer) =>
  renderConfigPage(CompaniesTypesConfigPage, 'empresas-y-tipos', permisos, state, write);

describe('config/hormigon/empresas-y-tipos (docs/product.md §2 Concrete configuration)', () => {
  it('lists companies with their homologated tag and types by designation with their strength', async () => {
    render(EDITOR, {
      empresas: [company(), company({ id: 4, name: 'Premix Norte', rut: '76543210-3', homologated: false })],
      tipos: [
        concreteType({ id: 10, grade: 'G10', confidence: 80, aggregate_mm: 40, slump_cm: 8, structural: false }),
        concreteType({ description: 'Losas y vigas' }),
      ],
    });
    expect((await screen.findByTestId('companies-3')).textContent).toContain('Hormigones del SurHomologada');
    const premix = screen.getByTestId('companies-4');
    expect(premix.textContent).toContain('Premix NorteNo homologada');
    expect(premix.textContent).toContain('RUT 76.543.210-3');
    const g25 = await screen.findByTestId('types-11');
    expect(within(g25).getByTestId('type-designation').textContent).toBe('G25 (90) 20 10');
    expect(g25.textContent).toContain('25 MPa');
    expect(g25.textContent).toContain('Estructural');
    expect(g25.textContent).toContain('Grado G25 · confianza 90 % · árido máx. 20 mm · asentamiento 10 cm');
    expect(g25.textContent).toContain('Losas y vigas');
    expect(screen.getByTestId('types-10').textContent).toContain('No estructural');
  });

  it('creates a homologated company', async () => {
    const api = render(EDITOR, { empresas: [] }, (call) => ({
      status: 201,
      body: { data: company({ id: 9, ...(call.body as object) }) },
    }));
    expect((await screen.findByTestId('companies-empty')).textContent).toContain('Aún no hay empresas de hormigón.');
    await userEvent.click(screen.getByTestId('companies-new'));
    const dialog = await screen.findByTestId('company-dialog');
    await userEvent.type(within(dialog).getByTestId('company-name'), 'Melón Hormigones');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Homologada' }));
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect((await screen.findByTestId('companies-9')).textContent).toContain('Melón HormigonesHomologada');
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('/hormigon/empresas'),
      body: { name: 'Melón Hormigones', rut: null, homologated: true },
    });
  });

  it('creates a type from its parts, showing the designation as typed and the server’s refusal on the grade', async () => {
    const api = render(EDITOR, { tipos: [concreteType()] }, () =>
      refusal({ grade: 'Ya existe un tipo con esa designación' }),
    );
    await userEvent.click(await screen.findByTestId('types-new'));
    const dialog = await screen.findByTestId('type-dialog');
    const preview = within(dialog).getByTestId('type-preview');
    expect(preview.textContent).toContain('G25 (90) 20 10');
    await userEvent.selectOptions(within(dialog).getByTestId('type-grade'), 'G10');
    await userEvent.selectOptions(within(dialog).getByTestId('type-confidence'), '80');
    await userEvent.selectOptions(within(dialog).getByTestId('type-aggregate'), '40');
    const slump = within(within(dialog).getByTestId('type-slump')).getByRole('textbox');
    await userEvent.clear(slump);
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(within(dialog).getByTestId('type-slump').textContent).toContain('Este campo es obligatorio');
    expect(writes(api)).toEqual([]);
    await userEvent.type(slump, '6,5');
    expect(preview.textContent).toContain('G10 (80) 40 6,5');
    expect(preview.textContent).toContain('Resistencia especificada: 10 MPa');
    // Below G17 a type is not structural until set by hand.
    expect(within(dialog).getByRole('checkbox', { name: 'Estructural' })).toHaveProperty('checked', false);
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(dialog.textContent).toContain('Ya existe un tipo con esa designación'));
    expect(writes(api)[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining('/hormigon/tipos'),
      body: { grade: 'G10', confidence: 80, aggregate_mm: 40, slump_cm: 6.5, structural: false, description: null },
    });
  });

  it('marks a company homologated from its dialog and disables a type with its switch', async () => {
    const api = render(EDITOR, { empresas: [company({ homologated: false })], tipos: [concreteType()] }, (call) =>
      call.url.includes('/empresas/')
        ? { body: { data: company({ ...(call.body as object) }) } }
        : { body: { data: concreteType({ active: false }) } },
    );
    await userEvent.click(within(await screen.findByTestId('companies-3')).getByTestId('companies-edit'));
    const dialog = await screen.findByTestId('company-dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Homologada' }));
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('companies-3').textContent).toContain('Hormigones del SurHomologada'),
    );
    await userEvent.click(within(screen.getByTestId('types-11')).getByRole('checkbox', { name: 'Activo' }));
    await waitFor(() => expect(screen.getByTestId('types-11').dataset.active).toBe('false'));
    expect(writes(api)).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        url: expect.stringContaining('/hormigon/empresas/3'),
        body: { name: 'Hormigones del Sur', rut: null, homologated: true },
      }),
      expect.objectContaining({
        method: 'PATCH',
        url: expect.stringContaining('/hormigon/tipos/11'),
        body: { active: false },
      }),
    ]);
  });

  it('has no edit controls without hormigon_editar', async () => {
    render(VIEWER, { empresas: [company()], tipos: [concreteType({ active: false })] });
    expect((await screen.findByTestId('types-11')).textContent).toContain('Inactivo');
    expect(screen.getByTestId('concrete-read-only')).toBeTruthy();
    expect(screen.queryByTestId('companies-new')).toBeNull();
    expect(screen.queryByTestId('types-new')).toBeNull();
    expect(screen.queryAllByRole('button', { name: 'Editar' })).toEqual([]);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});

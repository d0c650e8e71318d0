import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render.tsx';
import { ProjectSelect } from './project-select.tsx';

vi.setConfig({ testTimeout: 20_000 });

const projects = [
  {
    id: 1,
    name: 'Edificio Parque Los Dominicos',
    address_full: '',
    image_url: null,
    is_closed: false,
    is_blocked: false,
  },
  { id: 4, name: 'Puerto Alegre', address_full: '', image_url: null, is_closed: true, is_blocked: false },
  { id: 6, name: 'Lomas de San Pedro', address_full: '', image_url: null, is_closed: false, is_blocked: true },
  { id: 2, name: 'Condominio Alto Macul', address_full: '', image_url: null, is_closed: false, is_blocked: false },
];

describe('project select (docs/product.md §2 widget, §3 project option)', () => {
  it('lists closed and blocked projects disabled, with their state', () => {
    renderWithProviders(<ProjectSelect projects={projects} value={1} onChange={() => undefined} />);
    const select = screen.getByRole('combobox', { name: 'Proyecto' }) as HTMLSelectElement;
    const options = [...select.options].map((o) => [o.text, o.disabled]);
    expect(options).toEqual([
      ['Edificio Parque Los Dominicos', false],
      ['Puerto Alegre (Cerrado)', true],
      ['Lomas de San Pedro (Bloqueado)', true],
      ['Condominio Alto Macul', false],
    ]);
    expect(select.value).toBe('1');
  });

  it('answers the picked project id', async () => {
    const onChange = vi.fn();
    renderWithProviders(<ProjectSelect projects={projects} value={1} onChange={onChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox'), '2');
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('asks for a choice while none is made, and may offer "no project"', async () => {
    const onChange = vi.fn();
    const { unmount } = renderWithProviders(<ProjectSelect projects={projects} value={null} onChange={onChange} />);
    expect((screen.getByRole('combobox') as HTMLSelectElement).selectedOptions[0].text).toBe('Seleccione un proyecto');
    unmount();
    renderWithProviders(
      <ProjectSelect projects={projects} value={2} allowEmpty label="Proyecto por defecto" onChange={onChange} />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Proyecto por defecto' }), '');
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

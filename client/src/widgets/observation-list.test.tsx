import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ptBR from '#locales/pt-BR.json';
import { i18n } from '../shared/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import type { ObservationEntry } from './observation-list.tsx';
import { ObservationList, initialsOf, parseObservationDate } from './observation-list.tsx';

const entries: ObservationEntry[] = [
  {
    id: 1,
    usuario: { name: 'María José Soto', color: '#174d8c', acronimo: 'MJS' },
    fecha: '2024-03-05 14:30:00',
    tipo: { nombre: 'Inspección' },
    text: 'Filtración en baño.\nRevisar sello.',
    archivos: [
      { id: 10, name: 'foto-bano.jpg', url: 'https://files.example/foto-bano.jpg' },
      { id: 11, filename: 'acta.pdf' },
    ],
  },
  {
    id: 2,
    usuario: { name: 'pedro rojas', color: '#ffeb3b' },
    fecha_creacion: '2024-03-06',
    text: 'Se coordina visita.',
  },
];

describe('ObservationList (docs/product.md §3 observation entry)', () => {
  it('shows who, when, the type, the text and the files of each entry', () => {
    renderWithProviders(<ObservationList entries={entries} />);
    const [first, second] = screen
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.getAttribute('aria-label') == null);
    expect(within(first!).getByText('María José Soto')).toBeTruthy();
    expect(within(first!).getByText('MJS')).toBeTruthy();
    expect(within(first!).getByText('Inspección')).toBeTruthy();
    expect(within(first!).getByText('05-03-2024 14:30').getAttribute('datetime')).toBe('2024-03-05 14:30:00');
    expect(within(first!).getByText(/Filtración en baño\.\s+Revisar sello\./)).toBeTruthy();
    // An image is a thumbnail (opening the viewer), any other file keeps its chip.
    const photos = within(first!).getByRole('group', { name: 'Archivos adjuntos' });
    expect(within(photos).getByRole('button', { name: 'Miniatura de foto-bano.jpg' })).toBeTruthy();
    const files = within(first!).getByRole('list', { name: 'Archivos adjuntos' });
    expect(within(files).getByText('acta.pdf')).toBeTruthy();

    // fecha_creacion is used when fecha is absent; a date without time prints without time.
    expect(within(second!).getByText('06-03-2024')).toBeTruthy();
    expect(within(second!).getByText('PR')).toBeTruthy();
  });

  it('paints the avatar in the user colour with readable text', () => {
    renderWithProviders(<ObservationList entries={entries} />);
    const dark = screen.getByText('MJS');
    expect(dark.style.backgroundColor).toBe('#174d8c');
    expect(dark.style.color).toBe('#ffffff');
    const light = screen.getByText('PR');
    expect(light.style.backgroundColor).toBe('#ffeb3b');
    expect(light.style.color).toBe('#000000');
  });

  it('opens files through the given handler', async () => {
    const user = userEvent.setup();
    const onOpenFile = vi.fn();
    renderWithProviders(<ObservationList entries={entries} onOpenFile={onOpenFile} />);
    await user.click(screen.getByRole('button', { name: 'acta.pdf' }));
    expect(onOpenFile).toHaveBeenCalledWith(entries[0]!.archivos![1], entries[0]);
  });

  it('says so when there are no observations', () => {
    renderWithProviders(<ObservationList entries={[]} />);
    expect(screen.getByText('Sin observaciones')).toBeTruthy();
  });

  it('prints dates the pt-BR way in Portuguese', async () => {
    // The pt-BR catalogue may be loaded lazily by the app; add it here so the test does not depend on how.
    if (!i18n.hasResourceBundle('pt-BR', 'translation'))
      i18n.addResourceBundle('pt-BR', 'translation', ptBR, true, true);
    await i18n.changeLanguage('pt-BR');
    try {
      renderWithProviders(<ObservationList entries={entries} />);
      expect(screen.getByText('05/03/2024 14:30')).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Arquivos anexados' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('es');
    }
  });

  it('reads API timestamps as local time and builds initials', () => {
    const parsed = parseObservationDate('2024-03-05 08:05:09');
    expect(parsed?.hasTime).toBe(true);
    expect([parsed?.date.getHours(), parsed?.date.getMinutes()]).toEqual([8, 5]);
    expect(parseObservationDate('2024-03-05')?.hasTime).toBe(false);
    expect(parseObservationDate('no es fecha')).toBeNull();
    expect(parseObservationDate(null)).toBeNull();
    expect(initialsOf('ana  maría pérez')).toBe('AM');
  });
});

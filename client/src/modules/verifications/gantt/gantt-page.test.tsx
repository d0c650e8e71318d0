import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReceptionRow } from '#domain/verifications-responses';
import { session } from '../../../shared/session/session-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { mockVerificationsApi, receptionRow } from '../test/fixtures.ts';
import { VerificationsGanttPage } from './gantt-page.tsx';
import type { ReceptionGanttChartProps } from './reception-gantt-chart.tsx';

vi.setConfig({ testTimeout: 30_000 });

// dhtmlx-gantt does not run in jsdom: a stand-in shows what the chart was given and opens its first reception.
vi.mock('./reception-gantt-chart.tsx', () => ({
  default: (props: ReceptionGanttChartProps) => (
    <div>
      <div data-testid="gantt-rows">{props.data.data.map((d) => `${d.text}>${d.parent}`).join(' | ')}</div>
      <button data-testid="open" onClick={() => props.onOpen(props.data.data.find((d) => d.row)!.row!)} />
    </div>
  ),
}));

/** The chart shows from md up: every min-width query matches (a desktop), or none (a phone). */
const screenWidth = (wide: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));

beforeEach(() => session.reset());
afterEach(() => vi.unstubAllGlobals());

const rows: ReceptionRow[] = [
  receptionRow(),
  receptionRow({
    id: 22,
    code: 'T-001',
    name: 'Pintura',
    work_package: 'Terminaciones',
    state: 'aprobada',
    open_follow_ups: 1,
    overdue_follow_ups: 1,
  }),
];

function render(recepciones = rows) {
  mockVerificationsApi({ recepciones });
  renderWithProviders(<VerificationsGanttPage />, {
    route: '/verifications/gantt',
    queryClient: clientWithUser(['modulo_verificaciones']),
  });
}

describe('/verifications/gantt', () => {
  it('on a wide screen draws the program grouped by work package, with the legend and filters', async () => {
    screenWidth(true);
    render();
    expect((await screen.findByTestId('gantt-rows')).textContent).toBe(
      'Obra gruesa>0 | Losa piso 3>wp:Obra gruesa | Terminaciones>0 | Pintura>wp:Terminaciones',
    );
    expect(screen.getByTestId('legend-aprobada').textContent).toBe('Aprobada: 1');
    fireEvent.change(screen.getByTestId('verifications-work-package'), { target: { value: 'Terminaciones' } });
    await waitFor(() =>
      expect(screen.getByTestId('gantt-rows').textContent).toBe('Terminaciones>0 | Pintura>wp:Terminaciones'),
    );
    fireEvent.change(screen.getByTestId('verifications-state'), { target: { value: 'programada' } });
    expect(await screen.findByTestId('verifications-no-match')).toBeTruthy();
    // The legend counts the whole program, not the filter.
    expect(screen.getByTestId('legend-aprobada').textContent).toBe('Aprobada: 1');
  });

  it('on a phone shows cards, each opening its reception', async () => {
    screenWidth(false);
    render();
    const cards = await screen.findAllByTestId('reception-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'T-001 · Pintura' }).getAttribute('href')).toBe(
      '/verifications/recepcion/22',
    );
    expect(cards[1]!.textContent).toContain('1 seguimiento abierto (1 vencido)');
    expect(screen.queryByTestId('gantt-rows')).toBeNull();
  });

  it('without a program points to the uploader', async () => {
    render([]);
    expect(await screen.findByTestId('verifications-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cargar el programa' }).getAttribute('href')).toBe(
      '/verifications/uploader',
    );
  });
});

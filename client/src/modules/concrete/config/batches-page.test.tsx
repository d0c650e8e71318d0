import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONCRETE_SETTINGS_DEFAULTS } from '#domain/concrete';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import { EDITOR, VIEWER, settings, writes, type ConcreteState } from '../test/fixtures.ts';
import { renderConfigPage } from '../test/render-config-page.tsx';
import { BatchesConfigPage } from './batches-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const render = (permisos: string[], state: ConcreteState, write?: (call: RecordedCall) => MockAnswer) =>
  renderConfigPage(BatchesConfigPage, 'lotes', permisos, state, write);
const input = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;
async function retype(testId: string, text: string) {
  const field = input(testId);
  await userEvent.clear(field);
  await userEvent.type(field, `${text}{tab}`);
}
async function tryResults(grade: string, text: string) {
  const calculator = screen.getByTestId('rule-calculator');
  await userEvent.selectOptions(within(calculator).getByTestId('try-grade'), grade);
  const results = within(calculator).getByTestId('try-results');
  await userEvent.clear(results);
  await userEvent.type(results, text);
}

describe('config/hormigon/lotes (docs/product.md §2 batch conformity limit; docs/decisions.md D-280)', () => {
  it('says the rule in force and the batch limit in plain words', async () => {
    render(EDITOR, { configuracion: settings() });
    expect((await screen.findByTestId('rule-sentence')).textContent).toBe(
      'Cada 3 resultados consecutivos a 28 días deben promediar al menos la resistencia especificada, y ningún ' +
        'resultado puede quedar más de 3,5 MPa bajo ella.',
    );
    expect(screen.getByTestId('rule-fewer').textContent).toBe(
      'Un lote con menos de 3 resultados se juzga por el promedio de todos ellos.',
    );
    expect(screen.getByTestId('batch-sentence').textContent).toBe(
      'Un lote reúne las colocaciones de un mismo tipo de hormigón hasta sumar 120 m³ o hasta cumplirse 14 días ' +
        'desde su primer vaciado.',
    );
    expect(screen.getByTestId('rule-summary').textContent).toContain('Regla vigente');
  });

  it('rewrites the sentence as the numbers are edited, marked as not saved', async () => {
    render(EDITOR, { configuracion: settings() });
    await screen.findByTestId('rule-sentence');
    await retype('setting-mean_margin_mpa', '1,5');
    await retype('setting-single_margin_mpa', '0');
    await retype('setting-acceptance_age_days', '7');
    await retype('setting-batch_days_max', '1');
    expect(screen.getByTestId('rule-sentence').textContent).toBe(
      'Cada 3 resultados consecutivos a 7 días deben promediar al menos la resistencia especificada más 1,5 MPa, y ' +
        'ningún resultado puede quedar bajo ella.',
    );
    expect(screen.getByTestId('batch-sentence').textContent).toContain('o hasta cumplirse 1 día desde');
    expect(screen.getByTestId('rule-summary').textContent).toContain('Regla con los cambiosSin guardar');
    await retype('setting-acceptance_consecutive', '1');
    expect(screen.getByTestId('rule-sentence').textContent).toBe(
      'Cada resultado a 7 días debe alcanzar al menos la resistencia especificada más 1,5 MPa.',
    );
    expect(screen.queryByTestId('rule-fewer')).toBeNull();
  });

  it('tries the rule on typed results: conforming, a window averaging too little, one result too low', async () => {
    render(EDITOR, { configuracion: settings() });
    await screen.findByTestId('rule-calculator');
    await tryResults('G25', '27,1; 24 26,5\n25,8');
    let verdict = screen.getByTestId('try-verdict');
    expect(verdict.dataset.conforming).toBe('true');
    expect(verdict.textContent).toContain('Conforme');
    expect(verdict.textContent).toContain('4 resultados · promedio 25,9 MPa · resistencia especificada 25 MPa');
    expect(within(verdict).getByTestId('try-why').textContent).toBe(
      'Cada grupo promedia al menos 25 MPa y ningún resultado baja de 21,5 MPa.',
    );

    await tryResults('G25', '26 23 24,5 28');
    verdict = screen.getByTestId('try-verdict');
    expect(verdict.dataset.conforming).toBe('false');
    expect(verdict.textContent).toContain('No conforme');
    expect([...within(verdict).getByTestId('try-why').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Resultados 1 a 3: promedian 24,5 MPa, bajo los 25 MPa exigidos.',
    ]);

    await tryResults('G30', '35 26 34');
    expect(within(screen.getByTestId('try-verdict')).getByTestId('try-why').textContent).toBe(
      'Resultado 2: 26 MPa, más de 3,5 MPa bajo la resistencia especificada (mínimo 26,5 MPa).',
    );
  });

  it('tries the unsaved numbers, and says which typed result is not a number', async () => {
    render(EDITOR, { configuracion: settings() });
    await screen.findByTestId('rule-calculator');
    await tryResults('G25', '26 26 26');
    expect(screen.getByTestId('try-verdict').dataset.conforming).toBe('true');
    await retype('setting-mean_margin_mpa', '1,5');
    expect(screen.getByTestId('try-verdict').dataset.conforming).toBe('false');
    expect(screen.getByTestId('try-why').textContent).toBe(
      'Resultados 1 a 3: promedian 26 MPa, bajo los 26,5 MPa exigidos.',
    );
    // With groups of one, each result must reach the target by itself.
    await retype('setting-acceptance_consecutive', '1');
    await tryResults('G25', '27 26');
    expect([...screen.getByTestId('try-why').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Resultado 2: 26 MPa, bajo los 26,5 MPa exigidos.',
    ]);
    await tryResults('G25', '27,1, 24');
    expect(screen.queryByTestId('try-verdict')).toBeNull();
    expect(screen.getByTestId('rule-calculator').textContent).toContain(
      '«27,1,» no es un resultado válido: escriba un número positivo, con coma decimal',
    );
  });

  it('saves the batch limit and the acceptance rule', async () => {
    const api = render(EDITOR, { configuracion: settings() }, (call) => ({
      body: { data: { ...(call.body as object), updated_at: '2026-12-02T15:30:00.000Z' } },
    }));
    await screen.findByTestId('batches-form');
    await retype('setting-batch_m3_max', '90,5');
    await retype('setting-acceptance_consecutive', '4');
    await userEvent.click(screen.getByTestId('batches-save'));
    await waitFor(() => expect(screen.getByTestId('rule-summary').textContent).toContain('Regla vigente'));
    expect(screen.getByTestId('rule-sentence').textContent).toMatch(/^Cada 4 resultados consecutivos/);
    expect(writes(api)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: { ...CONCRETE_SETTINGS_DEFAULTS, batch_m3_max: 90.5, acceptance_consecutive: 4 },
      }),
    ]);
  });

  it('shows the rule and lets a viewer try it, without a way to change it', async () => {
    render(VIEWER, { configuracion: settings({ single_margin_mpa: 4, updated_at: '2026-11-30T12:00:00.000Z' }) });
    expect((await screen.findByTestId('rule-sentence')).textContent).toContain('más de 4 MPa bajo ella');
    expect(screen.queryByTestId('batches-save')).toBeNull();
    expect(input('setting-batch_m3_max').readOnly).toBe(true);
    expect(screen.getByTestId('batches-saved-at').textContent).toMatch(/^Guardada el 30-11-2026/);
    await tryResults('G20', '20 21 19');
    expect(screen.getByTestId('try-verdict').dataset.conforming).toBe('true');
  });
});

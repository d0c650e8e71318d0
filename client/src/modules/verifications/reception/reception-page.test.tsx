import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ReceptionDetail } from '#domain/verifications-responses';
import type { MockAnswer, RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { followUpRow, mockVerificationsApi, receptionDetail, receptionItem } from '../test/fixtures.ts';
import { defaultDueOn } from './checklist.tsx';
import { ReceptionPage } from './reception-page.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

vi.mock('../../../widgets/upload/signature-upload.ts', () => ({
  uploadSignature: vi.fn(async (file: File) => `1/2026/11/${file.name}`),
}));
// jsdom has no 2D canvas: a button stands in for a stroke on each pad (see widgets/sign-dialog.test.tsx).
vi.mock('../../../widgets/signature-canvas.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../widgets/signature-canvas.tsx')>()),
  SignatureCanvas: ({ onChange, testId }: { onChange: (v: string | null) => void; testId?: string }) => (
    <button type="button" data-testid={testId} onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
      draw
    </button>
  ),
}));

const INSPECTOR = ['modulo_verificaciones', 'verificaciones_inspeccionar'];
const writes = (api: { calls: RecordedCall[] }) => api.calls.filter((c) => c.method !== 'GET');
const refusal = (fields: Record<string, string>): MockAnswer => ({
  status: 422,
  body: { message: 'Los datos enviados no son válidos', errors: Object.values(fields), fields },
});

function render(detail: ReceptionDetail, write?: (call: RecordedCall) => MockAnswer) {
  const api = mockVerificationsApi({ details: [detail] }, write);
  renderWithProviders(
    <Routes>
      <Route path="/verifications/recepcion/:receptionId" element={<ReceptionPage />} />
    </Routes>,
    { route: `/verifications/recepcion/${detail.id}`, queryClient: clientWithUser(INSPECTOR) },
  );
  return api;
}

const cards = () => screen.findAllByTestId('checkpoint-card');

describe('/verifications/recepcion/{receptionId}', () => {
  it('starts a programmed reception', async () => {
    const programmed = receptionDetail({
      state: 'programada',
      items: [],
      allowed_events: ['reception.start', 'reception.cancel'],
    });
    const api = render(programmed, () => ({ body: { data: receptionDetail() } }));
    expect(await screen.findByRole('heading', { name: 'Losa piso 3' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('reception-start'));
    expect((await cards()).length).toBe(3);
    expect(writes(api)[0]!.url).toContain('/verificaciones/recepciones/21/iniciar');
  });

  it('without a template points to the program', async () => {
    render(receptionDetail({ state: 'programada', template: null, items: [], allowed_events: ['reception.cancel'] }));
    expect(await screen.findByTestId('reception-no-template')).toBeTruthy();
    expect(screen.queryByTestId('reception-start')).toBeNull();
  });

  it('saves an answer at once with a PUT, and shows it saved', async () => {
    const api = render(receptionDetail(), () => ({
      body: { data: receptionItem({ id: 102, position: 1, title: 'Armaduras según plano', result: 'cumple' }) },
    }));
    const second = (await cards())[1]!;
    expect(screen.getByTestId('checklist-progress').textContent).toBe('1 de 3 respondidos');
    await userEvent.click(within(second).getByTestId('answer-cumple'));
    expect(within(second).getByTestId('answer-cumple').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(within(second).getByTestId('checkpoint-status').dataset.status).toBe('saved'));
    expect(writes(api)[0]).toMatchObject({ method: 'PUT', body: { result: 'cumple' } });
    expect(writes(api)[0]!.url).toContain('/verificaciones/recepciones/21/puntos/102');
    expect(screen.getByTestId('checklist-progress').textContent).toBe('2 de 3 respondidos');
  });

  it('No cumple proposes a due date and sends it; the observation is saved on blur', async () => {
    const api = render(receptionDetail(), (call) => ({
      body: { data: receptionItem({ id: 102, result: 'no_cumple', ...(call.body as object) }) },
    }));
    const second = (await cards())[1]!;
    expect(within(second).queryByTestId('checkpoint-due-on')).toBeNull();
    await userEvent.click(within(second).getByTestId('answer-no_cumple'));
    expect(within(second).getByTestId('checkpoint-due-on')).toHaveProperty('value', defaultDueOn());
    await userEvent.type(within(second).getByTestId('checkpoint-note'), 'Faltan estribos');
    await userEvent.tab();
    await waitFor(() => expect(writes(api)).toHaveLength(2));
    expect(writes(api)[0]!.body).toEqual({ result: 'no_cumple', due_on: defaultDueOn() });
    expect(writes(api)[1]!.body).toEqual({ note: 'Faltan estribos' });
  });

  it('a refused answer keeps what was typed and says why', async () => {
    render(receptionDetail(), () => refusal({ note: 'La recepción ya no está en inspección' }));
    const third = (await cards())[2]!;
    await userEvent.type(within(third).getByTestId('checkpoint-note'), 'Sector limpio');
    await userEvent.tab();
    const status = await within(third).findByText('La recepción ya no está en inspección');
    expect(status).toBeTruthy();
    expect(within(third).getByTestId('checkpoint-note')).toHaveProperty('value', 'Sector limpio');
  });

  it('signs with both signatures and the contractor’s signer, then shows the signed record with its PDF', async () => {
    const signed = receptionDetail({
      state: 'aprobada',
      signed_on: '2025-04-02',
      answered_count: 3,
      items: receptionDetail().items.map((i) => ({ ...i, result: 'cumple' as const })),
      inspector_signature: {
        name: 'Valentina Muñoz',
        image: { path: '1/2026/11/firma-inspector.png', name: 'firma-inspector.png', size: 10, type: 'image/png' },
        signed_at: '2025-04-02T15:00:00.000Z',
      },
      contractor_signature: {
        name: 'Pedro Soto',
        image: { path: '1/2026/11/firma-contratista.png', name: 'firma-contratista.png', size: 10, type: 'image/png' },
        signed_at: '2025-04-02T15:00:00.000Z',
      },
      allowed_events: [],
      pdf_url: 'verificaciones/recepciones/21/acta.pdf',
    });
    const api = render(receptionDetail(), () => ({ body: { data: signed } }));
    await userEvent.click(await screen.findByTestId('reception-sign'));
    const dialog = await screen.findByTestId('sign-reception-dialog');
    await userEvent.type(within(dialog).getByTestId('sign-contractor-signer'), 'Pedro Soto');
    await userEvent.click(within(dialog).getByTestId('sign-inspector-pad'));
    await userEvent.click(within(dialog).getByTestId('sign-contractor-pad'));
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('sign-reception-dialog')).toBeNull());
    expect(writes(api)[0]!.url).toContain('/verificaciones/recepciones/21/firmar');
    expect(writes(api)[0]!.body).toEqual({
      inspector_signature_path: '1/2026/11/firma-inspector.png',
      contractor_signature_path: '1/2026/11/firma-contratista.png',
      contractor_signer: 'Pedro Soto',
      observations: null,
    });
    expect((await screen.findByTestId('reception-pdf')).getAttribute('href')).toContain(
      '/api/v2/public/api/verificaciones/recepciones/21/acta.pdf',
    );
    expect(screen.queryAllByTestId('checkpoint-card')).toHaveLength(0);
    expect(screen.getAllByTestId('result-card')).toHaveLength(3);
    expect(within(screen.getByTestId('signature-contractor')).getByText('Pedro Soto')).toBeTruthy();
    expect(screen.queryByTestId('reception-sign')).toBeNull();
  });

  it('a sign-off refused per checkpoint highlights those cards with the message', async () => {
    render(receptionDetail(), () => refusal({ 'items.102': 'Falta la foto', 'items.103': 'Sin respuesta' }));
    await userEvent.click(await screen.findByTestId('reception-sign'));
    const dialog = await screen.findByTestId('sign-reception-dialog');
    await userEvent.type(within(dialog).getByTestId('sign-contractor-signer'), 'Pedro Soto');
    await userEvent.click(within(dialog).getByTestId('sign-inspector-pad'));
    await userEvent.click(within(dialog).getByTestId('sign-contractor-pad'));
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('sign-reception-dialog')).toBeNull());
    const [first, second, third] = await cards();
    expect(first!.dataset.highlighted).toBeUndefined();
    expect(second!.dataset.highlighted).toBe('true');
    expect(within(second!).getByTestId('checkpoint-sign-error').textContent).toBe('Falta la foto');
    expect(within(third!).getByTestId('checkpoint-sign-error').textContent).toBe('Sin respuesta');
  });

  it('an observed reception lists its follow-ups, overdue in red, and closes one with a note', async () => {
    const observed = receptionDetail({
      state: 'observada',
      allowed_events: [],
      follow_ups: [followUpRow({ overdue: true })],
      pdf_url: '/api/v2/public/api/verificaciones/recepciones/21/acta.pdf',
    });
    const closed = followUpRow({
      state: 'cerrado',
      closed_on: '2025-04-09',
      closing_note: 'Estribos repuestos',
      allowed_events: [],
    });
    const api = render(observed, () => ({ body: { data: closed } }));
    const card = await screen.findByTestId('follow-up-card');
    expect(within(card).getByTestId('follow-up-state').textContent).toBe('Vencido');
    await userEvent.click(within(card).getByTestId('follow-up-close'));
    const dialog = await screen.findByTestId('close-follow-up-dialog');
    await userEvent.type(within(dialog).getByTestId('close-follow-up-note'), 'Estribos repuestos');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    await waitFor(() => expect(screen.queryByTestId('close-follow-up-dialog')).toBeNull());
    expect(writes(api)[0]).toMatchObject({ method: 'POST', body: { note: 'Estribos repuestos', photo_paths: [] } });
    expect(writes(api)[0]!.url).toContain('/verificaciones/seguimientos/61/cerrar');
  });

  it('cancels with a reason', async () => {
    const api = render(receptionDetail(), () => ({
      body: { data: receptionDetail({ state: 'anulada', cancel_reason: 'Cambio de diseño', allowed_events: [] }) },
    }));
    await userEvent.click(await screen.findByTestId('reception-cancel'));
    const dialog = await screen.findByTestId('cancel-reception-dialog');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(writes(api)).toHaveLength(0);
    await userEvent.type(within(dialog).getByTestId('cancel-reason'), 'Cambio de diseño');
    await userEvent.click(within(dialog).getByTestId('form-dialog-submit'));
    expect(await screen.findByTestId('reception-cancelled')).toBeTruthy();
    expect(writes(api)[0]).toMatchObject({ body: { reason: 'Cambio de diseño' } });
    expect(writes(api)[0]!.url).toContain('/recepciones/21/anular');
  });
});

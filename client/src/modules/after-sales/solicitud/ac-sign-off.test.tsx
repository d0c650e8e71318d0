import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { afterSalesKeys } from '../api/keys.ts';
import type { AcView } from '../api/types.ts';
import { AcSignOff, useAcSignOff } from './ac-sign-off.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

vi.mock('../../../widgets/upload/signature-upload.ts', () => ({
  uploadSignature: vi.fn(async () => '1/2026/11/firma.png'),
}));
// jsdom has no 2D canvas: a button stands in for a stroke on the pad (see widgets/sign-dialog.test.tsx).
vi.mock('../../../widgets/signature-canvas.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../widgets/signature-canvas.tsx')>()),
  SignatureCanvas: ({ onChange }: { onChange: (v: string | null) => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
      draw
    </button>
  ),
}));

const ac: AcView = {
  id: 31,
  code: 'AC-PLD4',
  number: 4,
  state: 'conforme',
  reply: null,
  attachments: [],
  replied_at: '2026-11-20T15:00:00.000Z',
  replied_by: null,
  follow_up: null,
  follow_up_order: null,
  failures: [{ id: 8, place: 'Baño', item: 'Muro', detail: 'Humedad', state: 'solucionada' }],
  signed_at: null,
  signer_name: null,
  signed_via: null,
  signed_pdf: null,
  signed_by: null,
  allowed_events: ['ac.sign'],
  created_at: '2026-11-19T15:00:00.000Z',
};

function Card({ item, canSign }: { item: AcView; canSign: boolean }) {
  const sign = useAcSignOff(5, 'María González');
  return (
    <>
      <AcSignOff ac={item} canSign={canSign} actions={sign.actions} />
      {sign.dialog}
    </>
  );
}

describe('"Firmar acta" on the agent’s phone (docs/product.md#ac-sign-off)', () => {
  it('signs with the owner’s name and drawn signature, and the answer replaces the act in the list', async () => {
    const signed: AcView = {
      ...ac,
      signed_at: '2026-11-21T13:05:00.000Z',
      signer_name: 'María González',
      signed_via: 'agente',
      signed_pdf: { path: '1/2026/11/acta.pdf', name: 'acta-conformidad-AC-PLD4.pdf' },
      allowed_events: [],
    };
    const api = mockFetch(() => ({ body: { data: signed } }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(afterSalesKeys.acs(5), [ac]);
    renderWithProviders(<Card item={ac} canSign />, { queryClient });
    await userEvent.click(screen.getByTestId('ac-sign'));
    const dialog = await screen.findByRole('dialog', { name: 'Firmar el acta AC-PLD4' });
    expect(within(dialog).getByText(/frente al agente/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'draw' }));
    await userEvent.click(within(dialog).getByTestId('sign-submit'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url).pathname).toMatch(/\/postventa\/solicitudes\/5\/ac\/31\/firmar$/);
    expect(post.body).toEqual({ signer_name: 'María González', signature_path: '1/2026/11/firma.png' });
    await waitFor(() => expect(queryClient.getQueryData(afterSalesKeys.acs(5))).toEqual([signed]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without the manage permission there is no sign button, only the PDF preview', () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(<Card item={ac} canSign={false} />);
    expect(screen.queryByTestId('ac-sign')).toBeNull();
    expect(screen.getByTestId('ac-pdf').textContent).toBe('Ver PDF');
  });

  it('a signed act says who signed and where, and downloads the stored PDF', () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(
      <Card
        item={{
          ...ac,
          signed_at: '2026-11-21T13:05:00.000Z',
          signer_name: 'María González',
          signed_via: 'portal',
          signed_pdf: { path: '1/2026/11/acta.pdf', name: 'acta-conformidad-AC-PLD4.pdf' },
        }}
        canSign={false}
      />,
    );
    expect(screen.getByTestId('ac-signed').textContent).toMatch(/^Firmada por María González · .* \(en el portal\)$/);
    expect(screen.getByTestId('ac-signed-pdf').textContent).toBe('Descargar acta firmada');
    expect(screen.queryByTestId('ac-pdf')).toBeNull();
  });
});

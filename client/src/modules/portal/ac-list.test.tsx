import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../api/mock-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import type { PortalAc } from './api/portal-api.ts';
import { PortalAcList } from './ac-list.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

// The upload protocol has its own tests (widgets/upload): here the drawn signature's upload answers a path.
vi.mock('../../widgets/upload/signature-upload.ts', () => ({
  uploadSignature: vi.fn(async () => '1/2026/11/firma-propietaria.png'),
}));
// jsdom has no 2D canvas: a button stands in for a stroke on the pad (see widgets/sign-dialog.test.tsx).
vi.mock('../../widgets/signature-canvas.tsx', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../widgets/signature-canvas.tsx')>()),
  SignatureCanvas: ({ onChange }: { onChange: (v: string | null) => void }) => (
    <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
      draw
    </button>
  ),
}));

const answered: PortalAc = {
  id: 31,
  code: 'AC-PLD4',
  state: 'conforme',
  reply: null,
  replied_at: '2026-11-20T15:00:00.000Z',
  failures: [{ id: 8, place: 'Baño', item: 'Muro', detail: 'Humedad', state: 'solucionada' }],
  signed_at: null,
  signer_name: null,
  signed_via: null,
  signed_pdf: null,
  can_sign: true,
};

describe('portal conformity acts (docs/product.md#ac-sign-off)', () => {
  it('the owner signs an answered act: the signature is uploaded, then the act is signed under their name', async () => {
    const signed: PortalAc = {
      ...answered,
      signed_at: '2026-11-21T13:05:00.000Z',
      signer_name: 'María González',
      signed_via: 'portal',
      signed_pdf: { path: '1/2026/11/acta.pdf', name: 'acta-conformidad-AC-PLD4.pdf' },
      can_sign: false,
    };
    const api = mockFetch(() => ({ body: { data: signed } }));
    renderWithProviders(<PortalAcList ticketId={5} acs={[answered]} ownerName="María González" />);
    const card = screen.getByTestId('portal-ac');
    expect(within(card).getByText('Baño › Muro › Humedad')).toBeTruthy();
    await userEvent.click(screen.getByTestId('portal-ac-sign'));
    const dialog = await screen.findByRole('dialog', { name: 'Firmar el acta AC-PLD4' });
    expect((within(dialog).getByTestId('sign-name') as HTMLInputElement).value).toBe('María González');
    await userEvent.click(within(dialog).getByRole('button', { name: 'draw' }));
    await userEvent.click(within(dialog).getByTestId('sign-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].method).toBe('POST');
    expect(new URL(api.calls[0].url).pathname).toMatch(/\/postventa\/portal\/solicitudes\/5\/ac\/31\/firmar$/);
    expect(api.calls[0].body).toEqual({
      signer_name: 'María González',
      signature_path: '1/2026/11/firma-propietaria.png',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a signed act offers its signed PDF and no second signature; an unanswered one waits for the team', () => {
    mockFetch(() => ({ body: {} }));
    renderWithProviders(
      <PortalAcList
        ticketId={5}
        acs={[
          {
            ...answered,
            signed_at: '2026-11-21T13:05:00.000Z',
            signer_name: 'María González',
            signed_via: 'portal',
            signed_pdf: { path: '1/2026/11/acta.pdf', name: 'acta-conformidad-AC-PLD4.pdf' },
            can_sign: false,
          },
          { ...answered, id: 32, code: 'AC-PLD5', state: 'pendiente', replied_at: null, can_sign: false },
        ]}
        ownerName=""
      />,
    );
    const [signedCard, pendingCard] = screen.getAllByTestId('portal-ac');
    expect(within(signedCard).getByTestId('portal-ac-signed').textContent).toMatch(/^Firmada por María González el /);
    expect(within(signedCard).getByRole('button', { name: 'Descargar acta firmada' })).toBeTruthy();
    expect(within(signedCard).queryByTestId('portal-ac-sign')).toBeNull();
    expect(within(pendingCard).getByText('Pendiente de la respuesta del equipo de postventa')).toBeTruthy();
    expect(within(pendingCard).getByTestId('portal-ac-pdf')).toBeTruthy();
    expect(within(pendingCard).queryByTestId('portal-ac-sign')).toBeNull();
  });
});

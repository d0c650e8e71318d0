import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acSignSchema } from '#domain/acs';
import { ApiRequestError } from '../api/errors.ts';
import { renderWithProviders } from '../test/render.tsx';
import { SignDialog } from './sign-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });

// jsdom has no 2D canvas: the pad is stood in for by a button that "draws" (emits a PNG data URL), as
// signature_pad does at the end of a stroke. Everything else is the real widget.
vi.mock('./signature-canvas.tsx', async (importOriginal) => {
  const real = await importOriginal<typeof import('./signature-canvas.tsx')>();
  return {
    ...real,
    SignatureCanvas: ({
      label,
      onChange,
      error,
    }: {
      label: string;
      onChange: (v: string | null) => void;
      error?: string;
    }) => (
      <div>
        <button type="button" onClick={() => onChange('data:image/png;base64,iVBORw0KGgo=')}>
          {`draw ${label}`}
        </button>
        {error ? <p>{error}</p> : null}
      </div>
    ),
  };
});

function open(onSubmit = vi.fn(async () => undefined), onClose = vi.fn()) {
  renderWithProviders(
    <SignDialog
      open
      title="Firmar el acta AC-7"
      nameLabel="Nombre de quien firma"
      signatureLabel="Firma del propietario"
      signatureRequired="Dibuje la firma antes de enviar"
      submitLabel="Firmar"
      cancelLabel="Cancelar"
      defaultName="María González"
      nameSchema={acSignSchema.pick({ signer_name: true })}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose };
}

describe('SignDialog (docs/product.md#ac-sign-off)', () => {
  it('starts with the owner on record, and refuses to send without a name or a signature', async () => {
    const { onSubmit } = open();
    const name = screen.getByTestId('sign-name') as HTMLInputElement;
    expect(name.value).toBe('María González');
    await userEvent.clear(name);
    await userEvent.click(screen.getByTestId('sign-submit'));
    expect(await screen.findByText('Este campo es obligatorio')).toBeTruthy();
    expect(screen.getByText('Dibuje la firma antes de enviar')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and the drawn signature as a PNG file, then closes', async () => {
    const { onSubmit, onClose } = open();
    const name = screen.getByTestId('sign-name');
    await userEvent.clear(name);
    await userEvent.type(name, '  Pedro Soto ');
    await userEvent.click(screen.getByRole('button', { name: 'draw Firma del propietario' }));
    await userEvent.click(screen.getByTestId('sign-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = onSubmit.mock.calls[0] as unknown as [{ signerName: string; signature: File }];
    expect(sent.signerName).toBe('Pedro Soto');
    expect(sent.signature.type).toBe('image/png');
    expect(sent.signature.name).toBe('firma.png');
  });

  it("shows the server's 422 on its fields and stays open", async () => {
    const refused = new ApiRequestError(422, 'Datos inválidos', {
      fields: { signature_path: 'La firma debe ser una imagen PNG dibujada en pantalla' },
    });
    const { onClose } = open(vi.fn(async () => Promise.reject(refused)));
    await userEvent.click(screen.getByRole('button', { name: 'draw Firma del propietario' }));
    await userEvent.click(screen.getByTestId('sign-submit'));
    expect(await screen.findByText('La firma debe ser una imagen PNG dibujada en pantalla')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('labels its controls for assistive technology', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Firmar el acta AC-7' })).toBeTruthy();
    expect(screen.getByLabelText(/Nombre de quien firma/)).toBe(screen.getByTestId('sign-name'));
  });
});

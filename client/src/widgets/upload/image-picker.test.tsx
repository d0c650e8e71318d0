import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { showErrorToast } from '../../api/notify.ts';
import { ImagePicker } from './image-picker.tsx';
import { putFile } from './transfer.ts';
import { pdfFile, pngFile, stubApi } from './test-support.ts';

vi.mock('../../api/notify.ts', async (original) => ({
  ...(await original<typeof import('../../api/notify.ts')>()),
  showErrorToast: vi.fn(),
  showSuccessToast: vi.fn(),
}));
vi.mock('./transfer.ts', async (original) => ({
  ...(await original<typeof import('./transfer.ts')>()),
  putFile: vi.fn(async () => undefined),
}));

beforeEach(() => {
  vi.mocked(showErrorToast).mockClear();
  vi.mocked(putFile).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('image-picker-input'), { target: { files: [file] } });

describe('ImagePicker (docs/product.md §2: .jpg and .png only; docs/product.md §8: a failed upload-url silently aborts)', () => {
  it('accepts only .jpg and .png', () => {
    renderWithProviders(<ImagePicker value={null} onChange={() => undefined} />);
    expect((screen.getByTestId('image-picker-input') as HTMLInputElement).accept).toBe('.jpg,.png');
    expect(screen.getByText('Formatos .jpg y .png')).toBeTruthy();
  });

  it('uploads a PNG through upload-url (image context) and reports the stored path', async () => {
    const { calls } = stubApi();
    const onChange = vi.fn();
    renderWithProviders(<ImagePicker value={null} onChange={onChange} />);
    choose(pngFile('logo.png'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls[0].body).toMatchObject({ extension: 'png', context: 'image', name: 'logo.png' });
    expect(vi.mocked(putFile)).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0]).toMatch(/^1\/2026\/05\/.+\.png$/);
  });

  it('refuses another format with the docs/product.md §8 message, before any request', async () => {
    const { calls } = stubApi();
    const onChange = vi.fn();
    renderWithProviders(<ImagePicker value={null} onChange={onChange} />);
    choose(new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], 'anim.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(showErrorToast).toHaveBeenCalledWith(422, 'Extensión no permitida. Extensiones aceptadas: .jpg, .png'),
    );
    choose(pdfFile('falsa.png'));
    await waitFor(() =>
      expect(showErrorToast).toHaveBeenLastCalledWith(
        422,
        'El contenido del archivo no corresponde a su extensión .png',
      ),
    );
    expect(calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a failed upload-url request aborts silently: no toast, no change, nothing sent', async () => {
    const { calls } = stubApi((call) =>
      call.url.endsWith('/files/upload-url')
        ? new Response('{"message":"Ha ocurrido un error","errors":[]}', { status: 500 })
        : undefined,
    );
    const onChange = vi.fn();
    renderWithProviders(<ImagePicker value={null} onChange={onChange} />);
    choose(pngFile('logo.png'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'Seleccionar imagen' }).every((b) => !b.hasAttribute('disabled')),
      ).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(showErrorToast).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(vi.mocked(putFile)).not.toHaveBeenCalled();
  });

  it('shows the current image and can remove it', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ImagePicker value="1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.png" label="Logo" onChange={onChange} />,
    );
    expect((screen.getByRole('img', { name: 'Logo' }) as HTMLImageElement).src).toContain(
      '/api/v2/public/files/1/2026/05/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quitar imagen' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

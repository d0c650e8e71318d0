import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { AttachmentGallery } from './attachment-gallery.tsx';
import { FileUploader } from './file-uploader.tsx';

afterEach(() => vi.unstubAllGlobals());

const files = [
  { path: '1/2026/05/a.jpg', name: 'grieta.jpg' },
  { path: '1/2026/05/b.pdf', name: 'informe.pdf' },
  { path: '1/2026/05/c.png', name: 'humedad.png' },
];

describe('AttachmentGallery (docs/product.md §2 file thumbnail + image viewer)', () => {
  it('shows images as thumbnails served beside the original, other files as chips', () => {
    renderWithProviders(<AttachmentGallery files={files} />);
    const thumbs = screen.getAllByTestId('attachment-thumbnail');
    expect(thumbs).toHaveLength(2);
    const img = within(thumbs[0]!).getByRole('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toContain('/api/v2/public/files/1/2026/05/a.thumb.webp');
    expect(screen.getByRole('button', { name: /informe\.pdf/ })).toBeTruthy();
    expect(screen.queryByTestId('image-viewer')).toBeNull();
  });

  it('opens the viewer on a thumbnail and moves among the record images only', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AttachmentGallery files={files} />);
    await user.click(screen.getAllByTestId('attachment-thumbnail')[1]!);
    const viewer = await screen.findByTestId('image-viewer');
    expect(within(viewer).getByText('humedad.png')).toBeTruthy();
    expect(within(viewer).getByTestId('image-viewer-position').textContent).toBe('2 de 2');
    await user.click(within(viewer).getByRole('button', { name: 'Imagen siguiente' }));
    expect(within(viewer).getByText('grieta.jpg')).toBeTruthy();
    expect((within(viewer).getByAltText('grieta.jpg') as HTMLImageElement).src).toContain('/1/2026/05/a.jpg');
    await user.click(within(viewer).getByRole('button', { name: 'Imagen anterior' }));
    expect(within(viewer).getByText('humedad.png')).toBeTruthy();
  });
});

describe('FileUploader photos (camera offered on phones)', () => {
  const stubPointer = (coarse: boolean) =>
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: coarse && q === '(pointer: coarse)', media: q }));

  it('on a touch device offers "Tomar foto" (camera input) and "Elegir archivo"', () => {
    stubPointer(true);
    renderWithProviders(<FileUploader context="general" photos />);
    expect(screen.getByText('Tomar foto o elegir archivo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tomar foto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Elegir archivo' })).toBeTruthy();
    const camera = screen.getByTestId('uploader-camera');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
  });

  it('on a desktop keeps one drop zone', () => {
    stubPointer(false);
    renderWithProviders(<FileUploader context="general" photos />);
    expect(screen.queryByRole('button', { name: 'Tomar foto' })).toBeNull();
    expect(screen.getByText('Arrastre archivos aquí o haga clic para seleccionarlos')).toBeTruthy();
  });
});

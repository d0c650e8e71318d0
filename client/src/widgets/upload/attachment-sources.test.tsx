import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { AttachmentGallery } from './attachment-gallery.tsx';
import { AttachmentSourcesContext, type AttachmentSources } from './attachment-sources.tsx';
import { FileUploader } from './file-uploader.tsx';
import { ImagePicker } from './image-picker.tsx';
import type { StoredFile, UploadedFileItem } from './upload-api.ts';
import { stubApi } from './test-support.ts';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

/** A library file as the server copied it into the uploader (POST biblioteca/archivos/{id}/copia). */
const copied = (n: number, name: string, size = 1000 * n): StoredFile => ({
  id: 100 + n,
  name,
  filename: name,
  download_name: name,
  type: name.endsWith('.png') ? 'image/png' : 'application/pdf',
  extension: name.split('.').pop()!,
  category: name.endsWith('.png') ? 'image' : 'document',
  size,
  file_size: size,
  path: `1/2026/11/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${name.split('.').pop()}`,
  url: `/api/v2/public/files/1/2026/11/${n}`,
  url_thumbnail: null,
  created_at: '2026-11-20T10:00:00.000Z',
});

const withSources = (ui: ReactElement, sources: AttachmentSources) =>
  renderWithProviders(<AttachmentSourcesContext.Provider value={sources}>{ui}</AttachmentSourcesContext.Provider>);

describe('FileUploader: files from Cbox (docs/product.md §1)', () => {
  it('offers "Elegir de Cbox" only where the shell provides the library', () => {
    renderWithProviders(<FileUploader />);
    expect(screen.queryByRole('button', { name: 'Elegir de Cbox' })).toBeNull();
    withSources(<FileUploader />, { pickFromLibrary: vi.fn() });
    expect(screen.getByRole('button', { name: 'Elegir de Cbox' })).toBeTruthy();
  });

  it('asks for what the uploader accepts, lists the picked copies as uploaded, and emits them', async () => {
    const api = stubApi();
    const user = userEvent.setup();
    const picked = [copied(1, 'Plano 1.pdf'), copied(2, 'Plano 2.pdf')];
    const pickFromLibrary = vi.fn().mockResolvedValue(picked);
    const onChange = vi.fn();
    withSources(<FileUploader context="certificate" maxFiles={3} onChange={onChange} />, { pickFromLibrary });

    await user.click(screen.getByRole('button', { name: 'Elegir de Cbox' }));
    expect(pickFromLibrary).toHaveBeenCalledWith({
      accept: ['pdf'],
      maxFiles: 3,
      maxBytes: 20 * 1024 * 1024,
      batch: expect.stringMatching(/^u[0-9a-f]{32}$/),
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const items = screen.getAllByTestId('upload-item');
    expect(items.map((i) => i.getAttribute('data-state'))).toEqual(['uploaded', 'uploaded']);
    expect(items[1].textContent).toContain('Plano 2.pdf');
    expect(items[1].textContent).toContain('2 KB');
    const emitted = onChange.mock.calls.at(-1)![0] as UploadedFileItem[];
    expect(emitted).toEqual([
      expect.objectContaining({ name: 'Plano 1.pdf', path: picked[0].path, size: 1000, type: 'application/pdf' }),
      expect.objectContaining({ name: 'Plano 2.pdf', path: picked[1].path, size: 2000 }),
    ]);
    // Nothing was uploaded from the computer: the copies are already the uploader's.
    expect(api.calls.filter((c) => c.url.includes('upload-url'))).toEqual([]);

    // The next pick asks only for what is left; removing a copy discards it like any upload.
    pickFromLibrary.mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Elegir de Cbox' }));
    expect(pickFromLibrary.mock.calls[1][0]).toMatchObject({ maxFiles: 1 });
    await user.click(screen.getAllByRole('button', { name: 'Quitar archivo' })[0]);
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0]).toHaveLength(1));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/files/${picked[0].path}`))).toBe(true);
  });
});

describe('ImagePicker: an image from Cbox', () => {
  it('asks for one .jpg or .png and takes the copy as its value', async () => {
    const user = userEvent.setup();
    const photo = copied(7, 'Logo.png');
    const pickFromLibrary = vi.fn().mockResolvedValue([photo]);
    const onChange = vi.fn();
    withSources(<ImagePicker value={null} onChange={onChange} />, { pickFromLibrary });
    await user.click(screen.getByRole('button', { name: 'Elegir de Cbox' }));
    expect(pickFromLibrary).toHaveBeenCalledWith(expect.objectContaining({ accept: ['jpg', 'png'], maxFiles: 1 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(photo.path, photo));
  });
});

describe('AttachmentGallery: "Guardar en Cbox"', () => {
  const files = [
    { path: '1/2026/05/a.jpg', name: 'grieta.jpg' },
    { path: '1/2026/05/b.pdf', name: 'informe.pdf' },
    { url: 'https://example.com/c.pdf', name: 'externo.pdf' },
  ];

  it('offers it on every stored file when the library is there, and hands the file over', async () => {
    const user = userEvent.setup();
    const saveToLibrary = vi.fn();
    withSources(<AttachmentGallery files={files} />, { saveToLibrary });
    const actions = screen.getAllByTestId('attachment-save-to-library');
    // A file known only by an outside URL is not ours to copy.
    expect(actions).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Guardar informe.pdf en Cbox' }));
    expect(saveToLibrary).toHaveBeenCalledWith({ path: '1/2026/05/b.pdf', name: 'informe.pdf' });
    await user.click(screen.getByRole('button', { name: 'Guardar grieta.jpg en Cbox' }));
    expect(saveToLibrary).toHaveBeenLastCalledWith({ path: '1/2026/05/a.jpg', name: 'grieta.jpg' });
  });

  it('shows nothing of the library without it', () => {
    renderWithProviders(<AttachmentGallery files={files} />);
    expect(screen.queryByTestId('attachment-save-to-library')).toBeNull();
  });
});

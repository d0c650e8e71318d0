import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { showErrorToast, showSuccessToast } from '../../api/notify.ts';
import { ImageViewer } from './image-viewer.tsx';
import { FileViewer } from './file-viewer.tsx';
import { FileThumbnail } from './file-thumbnail.tsx';
import { seriousAxeViolations } from '../../test/axe.ts';

vi.mock('../../api/notify.ts', async (original) => ({
  ...(await original<typeof import('../../api/notify.ts')>()),
  showErrorToast: vi.fn(),
  showSuccessToast: vi.fn(),
}));

let saved: { name: string; href: string }[];
beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.mocked(showErrorToast).mockClear();
  vi.mocked(showSuccessToast).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const stubFetch = (status = 200) => {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(status === 200 ? new Blob(['img'], { type: 'image/png' }) : '{}', { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
const toasts = () => [
  ...vi.mocked(showSuccessToast).mock.calls.map(([title]) => ({ type: 'success', title })),
  ...vi
    .mocked(showErrorToast)
    .mock.calls.map(([status, title]) => ({ type: status === 422 ? 'warning' : 'error', title })),
];

describe('ImageViewer (docs/product.md §2 full-screen dialog; docs/product.md §7 image download)', () => {
  const path = '1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.png';

  it('shows title, image, download and close', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ImageViewer open src={path} title="Fachada norte" onClose={onClose} />);
    expect(await screen.findByText('Fachada norte')).toBeTruthy();
    expect((screen.getByRole('img', { name: 'Fachada norte' }) as HTMLImageElement).src).toBe(
      `http://localhost:3000/api/v2/public/files/${path}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('downloads a blob with no-cache, without asking for credentials, named after the path', async () => {
    const fetchMock = stubFetch();
    renderWithProviders(<ImageViewer open src={path} title="Fachada" onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock.mock.calls[0][1]).toEqual({ cache: 'no-cache', credentials: 'same-origin' });
    expect(saved[0].name).toBe('0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.png');
    expect(toasts()).toContainEqual({ type: 'success', title: 'Archivo descargado' });
  });

  it('says so when the image cannot be shown', async () => {
    renderWithProviders(<ImageViewer open src={path} title="Rota" onClose={() => undefined} />);
    fireEvent.error(await screen.findByRole('img', { name: 'Rota' }));
    expect(await screen.findByText('No se puede mostrar la imagen')).toBeTruthy();
  });
});

describe('ImageViewer zoom and keys (docs/product.md §2 image viewer, §9 zoom 0–50 in steps of 0.25)', () => {
  const path = '1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a10.png';
  const scale = () => Number(screen.getByRole('img', { name: 'Fachada' }).dataset.scale);
  const level = () => screen.getByTestId('image-viewer-zoom').textContent;

  it('the buttons zoom in, out and back to the fitted size', async () => {
    renderWithProviders(<ImageViewer open src={path} title="Fachada" onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Acercar' }));
    expect(scale()).toBe(1.25);
    expect(level()).toBe('125 %');
    await userEvent.click(screen.getByRole('button', { name: 'Acercar' }));
    expect(scale()).toBe(1.5);
    await userEvent.click(screen.getByRole('button', { name: 'Alejar' }));
    expect(scale()).toBe(1.25);
    await userEvent.click(screen.getByRole('button', { name: 'Tamaño ajustado' }));
    expect(scale()).toBe(1);
    expect((screen.getByRole('button', { name: 'Tamaño ajustado' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keys: + and − zoom, 0 resets, arrows browse the record’s images, Esc closes', async () => {
    const onClose = vi.fn();
    const onIndex = vi.fn();
    renderWithProviders(
      <ImageViewer open src={path} title="Fachada" onClose={onClose} gallery={{ index: 0, count: 3, onIndex }} />,
    );
    await screen.findByRole('img', { name: 'Fachada' });
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: '+' });
    fireEvent.keyDown(dialog, { key: '+' });
    expect(scale()).toBe(1.5);
    fireEvent.keyDown(dialog, { key: '-' });
    expect(scale()).toBe(1.25);
    fireEvent.keyDown(dialog, { key: '0' });
    expect(scale()).toBe(1);
    fireEvent.keyDown(dialog, { key: '-' });
    expect(scale()).toBe(0.75);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(onIndex).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(onIndex).toHaveBeenLastCalledWith(2);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('the wheel zooms about the pointer; a zoomed image pans with a drag, and a new image starts fitted', async () => {
    const { rerender } = renderWithProviders(<ImageViewer open src={path} title="Fachada" onClose={() => undefined} />);
    await screen.findByRole('img', { name: 'Fachada' });
    const viewport = screen.getByTestId('image-viewer-viewport');
    fireEvent.wheel(viewport, { deltaY: -100, clientX: 0, clientY: 0 });
    expect(scale()).toBe(1.25);
    fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 40, clientY: 30 });
    fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 40, clientY: 30 });
    expect(screen.getByRole('img', { name: 'Fachada' }).style.transform).toMatch(
      /translate\(30px, 20px\) scale\(1.25\)/,
    );
    fireEvent.wheel(viewport, { deltaY: 100 });
    expect(scale()).toBe(1);
    rerender(<ImageViewer open src={`${path}?v=2`} title="Fachada" onClose={() => undefined} />);
    expect(scale()).toBe(1);
  });

  it('offers Marcar only where the record takes photos, and has no serious accessibility violations', async () => {
    const { rerender } = renderWithProviders(
      <ImageViewer
        open
        src={path}
        title="Fachada"
        onClose={() => undefined}
        gallery={{ index: 0, count: 2, onIndex: () => undefined }}
      />,
    );
    await screen.findByRole('img', { name: 'Fachada' });
    expect(screen.queryByRole('button', { name: 'Marcar' })).toBeNull();
    rerender(
      <ImageViewer
        open
        src={path}
        title="Fachada"
        onClose={() => undefined}
        gallery={{ index: 0, count: 2, onIndex: () => undefined }}
        markup={{ onSave: async () => undefined }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Marcar' })).toBeTruthy();
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(await seriousAxeViolations(screen.getByRole('dialog'))).toEqual([]);
  });
});

describe('FileViewer (docs/product.md §2; docs/product.md §7/§8 download with credentials and notices)', () => {
  const file = {
    name: 'Plano Torre A.pdf',
    download_name: 'Plano Torre A.pdf',
    path: '1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a11.pdf',
    url: '/api/v2/public/files/1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a11.pdf',
  };

  it('previews a PDF and downloads it with credentials under its name', async () => {
    const fetchMock = stubFetch();
    renderWithProviders(<FileViewer open file={file} onClose={() => undefined} />);
    expect((await screen.findByTitle('Plano Torre A.pdf')).tagName).toBe('IFRAME');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock.mock.calls[0][1]).toEqual({ cache: 'no-cache', credentials: 'include' });
    expect(saved[0].name).toBe('Plano Torre A.pdf');
    expect(toasts()).toContainEqual({ type: 'success', title: 'Archivo descargado' });
  });

  it('a failed download shows a negative notification', async () => {
    stubFetch(404);
    renderWithProviders(<FileViewer open file={file} onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(toasts()).toContainEqual({ type: 'error', title: 'No se pudo descargar el archivo' }));
    expect(saved).toHaveLength(0);
  });

  it('a file the browser cannot show gets its thumbnail and a notice', async () => {
    renderWithProviders(
      <FileViewer
        open
        file={{ name: 'estructura.dwg', path: '1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a12.dwg' }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText('Vista previa no disponible')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Miniatura de estructura.dwg' }).dataset.category).toBe('cad');
  });
});

describe('FileThumbnail (docs/product.md §2, §9: 100 px)', () => {
  it('shows the server thumbnail at 100 px, and the category icon when it fails or is missing', () => {
    renderWithProviders(
      <FileThumbnail file={{ name: 'fachada.png', url_thumbnail: '/api/v2/public/files/1/2026/05/x.thumb.webp' }} />,
    );
    const img = screen.getByRole('img', { name: 'Miniatura de fachada.png' }) as HTMLImageElement;
    expect(img.width).toBe(100);
    expect(img.src).toBe('http://localhost:3000/api/v2/public/files/1/2026/05/x.thumb.webp');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Miniatura de fachada.png' }).dataset.category).toBe('image');
  });
  it('documents show an icon with their extension', () => {
    renderWithProviders(<FileThumbnail file={{ name: 'acta.pdf' }} size={48} />);
    expect(screen.getByText('pdf')).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.tsx';
import { seriousAxeViolations } from '../../test/axe.ts';
import { ImageMarkup } from './image-markup.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { uploadFile, type StoredFile } from './upload-api.ts';

vi.mock('./markup-image.ts', async (original) => ({
  ...(await original<typeof import('./markup-image.ts')>()),
  loadImageForCanvas: vi.fn(async () => ({ naturalWidth: 800, naturalHeight: 600, width: 800, height: 600 })),
}));
vi.mock('./upload-api.ts', async (original) => ({
  ...(await original<typeof import('./upload-api.ts')>()),
  uploadFile: vi.fn(),
  discardUpload: vi.fn(),
}));

/** A 2D context that records what was drawn (happy-dom has no canvas). */
function recordingContext() {
  const calls: { name: string; args: unknown[] }[] = [];
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get(target, prop) {
      if (prop in target) return target[prop];
      return (...args: unknown[]) => calls.push({ name: String(prop), args });
    },
    set(target, prop, value) {
      target[prop] = value;
      return true;
    },
  });
  return { ctx, calls, names: () => calls.map((c) => c.name) };
}

let drawn: ReturnType<typeof recordingContext>;
const stored = (path: string): StoredFile => ({
  id: 9,
  name: 'Fachada (marcada).png',
  filename: 'Fachada (marcada).png',
  download_name: 'Fachada (marcada).png',
  type: 'image/png',
  extension: 'png',
  category: 'image',
  size: 3,
  file_size: 3,
  path,
  url: `/api/v2/public/files/${path}`,
  url_thumbnail: null,
  created_at: '2026-05-01T10:00:00.000Z',
});

beforeEach(() => {
  drawn = recordingContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => drawn.ctx as unknown as CanvasRenderingContext2D,
  );
  HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback, type?: string) {
    callback(new Blob(['png'], { type: type ?? 'image/png' }));
  };
  vi.mocked(uploadFile).mockReset();
});
afterEach(() => vi.restoreAllMocks());

const url = 'http://localhost:3000/api/v2/public/files/1/2026/05/a.jpg';
async function canvas() {
  return (await screen.findByRole('img', { name: 'Imagen para marcar: Fachada.jpg' })) as HTMLCanvasElement;
}
function drag(el: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(el, { pointerId: 1, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(el, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(el, { pointerId: 1, clientX: to[0], clientY: to[1] });
}

describe('ImageMarkup (docs/product.md §2 image viewer: Marcar)', () => {
  it('the arrow, circle and text tools draw in red by default, and undo takes the last mark away', async () => {
    renderWithProviders(<ImageMarkup url={url} name="Fachada.jpg" onSave={vi.fn()} onDone={vi.fn()} />);
    const el = await canvas();
    expect([el.width, el.height]).toEqual([800, 600]);
    expect(screen.getByRole('button', { name: 'Rojo' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Flecha' }).getAttribute('aria-pressed')).toBe('true');

    drag(el, [10, 10], [200, 150]);
    expect(el.dataset.marks).toBe('1');
    expect(drawn.names()).toContain('lineTo');
    expect(drawn.ctx.strokeStyle).toBe('#e53e3e');

    await userEvent.click(screen.getByRole('button', { name: 'Círculo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Amarillo' }));
    drag(el, [300, 300], [400, 360]);
    expect(el.dataset.marks).toBe('2');
    const ellipse = drawn.calls.filter((c) => c.name === 'ellipse').at(-1)!;
    expect(ellipse.args.slice(0, 4)).toEqual([350, 330, 50, 30]);
    expect(drawn.ctx.strokeStyle).toBe('#ecc94b');

    await userEvent.click(screen.getByRole('button', { name: 'Texto' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Texto de la marca' }), 'Fisura');
    fireEvent.pointerDown(el, { pointerId: 1, clientX: 50, clientY: 500 });
    expect(el.dataset.marks).toBe('3');
    expect(drawn.calls.filter((c) => c.name === 'fillText').at(-1)!.args).toEqual(['Fisura', 50, 500]);

    // A click with a drawing tool is no mark.
    await userEvent.click(screen.getByRole('button', { name: 'Flecha' }));
    drag(el, [5, 5], [6, 6]);
    expect(el.dataset.marks).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(el.dataset.marks).toBe('2');
    drawn.calls.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(el.dataset.marks).toBe('1');
    // Redrawn from the photo up: the undone circle is gone.
    expect(drawn.names()).toContain('drawImage');
    expect(drawn.names()).not.toContain('ellipse');
  });

  it('Guardar uploads the canvas as a PNG named after the original, then hands the copy to the record', async () => {
    const onSave = vi.fn(async () => undefined);
    const onDone = vi.fn();
    vi.mocked(uploadFile).mockResolvedValue(stored('1/2026/05/copy.png'));
    renderWithProviders(<ImageMarkup url={url} name="Fachada.jpg" onSave={onSave} onDone={onDone} />);
    const el = await canvas();
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    drag(el, [10, 10], [200, 150]);
    await userEvent.click(save);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const request = vi.mocked(uploadFile).mock.calls[0][0];
    expect(request.file.type).toBe('image/png');
    expect(request.file.name).toBe('Fachada (marcada).png');
    expect(request.context).toBe('image');
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ path: '1/2026/05/copy.png' }));
  });

  it('a copy the record refused is discarded and the markup stays open', async () => {
    const { discardUpload } = await import('./upload-api.ts');
    const onDone = vi.fn();
    vi.mocked(uploadFile).mockResolvedValue(stored('1/2026/05/refused.png'));
    renderWithProviders(
      <ImageMarkup url={url} name="Fachada.jpg" onSave={() => Promise.reject(new Error('403'))} onDone={onDone} />,
    );
    drag(await canvas(), [10, 10], [200, 150]);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(discardUpload).toHaveBeenCalledWith('1/2026/05/refused.png'));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('opens from the viewer and has no serious accessibility violations', async () => {
    renderWithProviders(
      <ImageViewer
        open
        src="1/2026/05/a.jpg"
        title="Fachada.jpg"
        onClose={() => undefined}
        markup={{ onSave: async () => undefined }}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar' }));
    await canvas();
    expect(screen.queryByRole('button', { name: 'Acercar' })).toBeNull();
    expect(await seriousAxeViolations(screen.getByRole('dialog'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('img', { name: 'Fachada.jpg' })).toBeTruthy();
  });
});

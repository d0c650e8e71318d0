import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CboxFileItem } from '#domain/cbox-responses';
import { renderWithProviders } from '../../../test/render.tsx';
import { seriousAxeViolations } from '../../../test/axe.ts';
import { fileDetail, fileItem } from '../test/panels-fixtures.ts';
import { CboxPreviewDialog } from './cbox-preview-dialog.tsx';

vi.setConfig({ testTimeout: 30_000 });

// pdf.js does not run in a DOM without canvas: the plans' canvas is replaced by one that shows what it was asked for.
vi.mock('../../../widgets/plan-pins/pdf-canvas.tsx', () => ({
  PdfCanvas: (p: { url: string; page: number; label: string; onPageCount: (n: number) => void }) => {
    queueMicrotask(() => p.onPageCount(3));
    return <div data-testid="pdf-canvas" data-url={p.url} data-page={p.page} aria-label={p.label} role="img" />;
  },
}));

const TEXT = 'partida;cantidad\nhormigón;12\n';
const files: CboxFileItem[] = [
  fileItem(1, 'fachada.jpg'),
  fileItem(2, 'contrato.pdf'),
  fileItem(3, 'recorrido.mp4'),
  fileItem(4, 'reunion.mp3'),
  fileItem(5, 'partidas.csv'),
  fileItem(6, 'modelo.ifc'),
  fileItem(7, 'informe.docx'),
];
const byId = new Map(files.map((f) => [f.id, f]));

type Call = { url: string; method: string; headers: Record<string, string> };
let calls: Call[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string> });
      if (url.includes('/descarga')) return new Response(new Blob([TEXT], { type: 'text/csv' }), { status: 200 });
      const id = Number(/archivos\/(\d+)/.exec(url)?.[1]);
      const file = byId.get(id) ?? fileItem(id, 'compartido.pdf');
      return new Response(JSON.stringify({ data: fileDetail(file) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The explorer's side of the contract: the route names a file, next / previous change it. */
function Explorer({ start, siblings = files }: { start: number; siblings?: CboxFileItem[] }) {
  const [fileId, setFileId] = useState(start);
  return <CboxPreviewDialog fileId={fileId} siblings={siblings} onNavigate={setFileId} onClose={() => undefined} />;
}

const inline = (id: number) => `/api/v2/public/api/biblioteca/archivos/${id}/descarga?inline=1`;
const dialog = () => screen.findByTestId('cbox-preview');

describe('CboxPreviewDialog (docs/product.md §2 Cbox preview)', () => {
  it('shows an image through the inline URL, with zoom', async () => {
    renderWithProviders(<Explorer start={1} />);
    const img = await screen.findByRole('img', { name: 'fachada.jpg' });
    expect(img.getAttribute('src')).toContain(inline(1));
    expect(screen.getByRole('button', { name: 'Acercar' })).toBeTruthy();
    expect(screen.getByTestId('cbox-preview-name').textContent).toBe('fachada.jpg');
  });

  it('draws a PDF with the plans’ pdf.js canvas, page by page', async () => {
    renderWithProviders(<Explorer start={2} />);
    const canvas = await screen.findByTestId('pdf-canvas');
    expect(canvas.getAttribute('data-url')).toContain(inline(2));
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(screen.getByTestId('pdf-canvas').getAttribute('data-page')).toBe('2');
  });

  it('plays video and audio in the browser’s own players', async () => {
    const { unmount } = renderWithProviders(<Explorer start={3} />);
    const video = await screen.findByTestId('preview-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('src')).toContain(inline(3));
    unmount();
    renderWithProviders(<Explorer start={4} />);
    const audio = await screen.findByTestId('preview-audio');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio.getAttribute('src')).toContain(inline(4));
  });

  it('shows a CSV’s first megabyte as text, asked for with a Range', async () => {
    renderWithProviders(<Explorer start={5} />);
    expect((await screen.findByTestId('preview-text')).textContent).toBe(TEXT);
    const read = calls.find((c) => c.url.includes('/descarga'))!;
    expect(read.url).toContain(inline(5));
    expect(read.headers.Range ?? read.headers.range).toBe('bytes=0-1048575');
  });

  it('offers the download of what it cannot show; an IFC says the BIM viewer does not open it yet', async () => {
    const { unmount } = renderWithProviders(<Explorer start={7} />);
    const box = await screen.findByTestId('preview-unavailable');
    expect(box.textContent).toContain('La vista previa no está disponible para este tipo de archivo');
    await userEvent.click(within(box).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/biblioteca/archivos/7/descarga'))).toBe(true));
    unmount();
    renderWithProviders(<Explorer start={6} />);
    expect((await screen.findByTestId('preview-unavailable')).textContent).toContain('visor BIM');
  });

  it('walks the listing with the buttons and the arrow keys, stopping at the ends', async () => {
    renderWithProviders(<Explorer start={1} />);
    const box = await dialog();
    const position = () => screen.getByTestId('cbox-preview-position').textContent;
    expect(position()).toBe('1 / 7');
    expect(screen.getByRole('button', { name: 'Archivo anterior' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    expect(position()).toBe('1 / 7');
    await userEvent.click(screen.getByRole('button', { name: 'Archivo siguiente' }));
    expect(position()).toBe('2 / 7');
    await waitFor(() => expect(screen.getByTestId('cbox-preview-name').textContent).toBe('contrato.pdf'));
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(position()).toBe('4 / 7');
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    expect(position()).toBe('3 / 7');
    for (let i = 0; i < 6; i++) fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(position()).toBe('7 / 7');
    expect(screen.getByRole('button', { name: 'Archivo siguiente' }).hasAttribute('disabled')).toBe(true);
  });

  it('has no next or previous for a file outside the listing (opened from a shared link)', async () => {
    renderWithProviders(<Explorer start={40} />);
    await screen.findByTestId('pdf-canvas');
    expect(screen.getByTestId('cbox-preview-name').textContent).toBe('compartido.pdf');
    expect(screen.queryByTestId('cbox-preview-position')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Archivo siguiente' })).toBeNull();
  });

  it('opens the file’s details, and names every control for screen readers', async () => {
    renderWithProviders(<Explorer start={7} />);
    await screen.findByTestId('preview-unavailable');
    expect(await seriousAxeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Detalles' }));
    expect(await screen.findByRole('heading', { name: 'Detalles de «informe.docx»' })).toBeTruthy();
  });
});

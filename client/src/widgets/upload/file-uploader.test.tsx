import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import { FileUploader } from './file-uploader.tsx';
import type { UploadedFileItem } from './upload-api.ts';
import { pdfFile, stubApi } from './test-support.ts';

type Pending = {
  url: string;
  headers: Record<string, string>;
  progress(l: number, t: number): void;
  resolve(v: unknown): void;
  reject(e: unknown): void;
};
const transfers: Pending[] = [];
vi.mock('./transfer.ts', async (original) => {
  const real = await original<typeof import('./transfer.ts')>();
  return {
    ...real,
    putFile: vi.fn(
      (url: string, _file: Blob, headers: Record<string, string>, progress: (l: number, t: number) => void) =>
        new Promise((resolve, reject) => transfers.push({ url, headers, progress, resolve, reject })),
    ),
    postForm: vi.fn(
      (action: string, fields: Record<string, string>, _file: File, progress: (l: number, t: number) => void) =>
        new Promise((resolve, reject) => transfers.push({ url: action, headers: fields, progress, resolve, reject })),
    ),
  };
});

beforeEach(() => {
  transfers.length = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const input = () => screen.getByTestId('uploader-input') as HTMLInputElement;
const pick = (...files: File[]) => fireEvent.change(input(), { target: { files } });
const items = () => screen.queryAllByTestId('upload-item');

describe('FileUploader hint (docs/product.md §5, §9)', () => {
  it('shows the maximum size and count; accepted extensions only when restricted', () => {
    renderWithProviders(<FileUploader />);
    expect(screen.getByTestId('uploader-hint').textContent).toBe(
      'Tamaño máximo por archivo: 512 MB · Hasta 5 archivos',
    );
    expect(input().accept).toContain('.dwg');
  });
  it('certificates: PDF only, 100 files of 20 MB', () => {
    renderWithProviders(<FileUploader context="certificate" />);
    expect(screen.getByTestId('uploader-hint').textContent).toBe(
      'Tamaño máximo por archivo: 20 MB · Hasta 100 archivos · Extensiones aceptadas: .pdf',
    );
    expect(input().accept).toBe('.pdf');
  });
});

describe('FileUploader lifecycle (docs/product.md §4 upload item)', () => {
  it('signs, shows progress, and emits only uploaded files to the parent', async () => {
    const { calls } = stubApi();
    const onChange = vi.fn();
    renderWithProviders(<FileUploader onChange={onChange} />);
    pick(pdfFile('Acta 101.pdf'), pdfFile('Acta 102.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(2));
    const sign = calls.find((c) => c.url.endsWith('/files/upload-url'))!;
    expect(sign.body).toMatchObject({ extension: 'pdf', context: 'uploader', name: 'Acta 101.pdf', size: 209 });
    expect((sign.body as { batch: string }).batch).toMatch(/^u[0-9a-f]{32}$/);
    expect(transfers[0].headers).toEqual({ 'Content-Type': 'application/pdf' });

    act(() => transfers[0].progress(50, 100));
    expect(await screen.findByText('50 %')).toBeTruthy();
    await act(async () => transfers[0].resolve(undefined));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const emitted = onChange.mock.calls[0][0] as UploadedFileItem[];
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      name: 'Acta 101.pdf',
      type: 'application/pdf',
      size: 209,
      lastModified: 1_700_000_000_000,
    });
    expect(emitted[0].path).toMatch(/^1\/2026\/05\/.+\.pdf$/);
    expect(items().map((el) => el.dataset.state)).toEqual(['uploaded', 'uploading']);
  });

  it('a failed upload shows the server message in a tooltip and is never emitted', async () => {
    stubApi();
    const onChange = vi.fn();
    renderWithProviders(<FileUploader onChange={onChange} />);
    pick(pdfFile('a.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(1));
    const { TransferError } = await import('./transfer.ts');
    await act(async () =>
      transfers[0].reject(
        new TransferError(422, {
          message: 'El archivo es un programa ejecutable o un script y no está permitido',
          code: 'executable',
        }),
      ),
    );
    const trigger = await screen.findByTestId('upload-error');
    expect(items()[0].dataset.state).toBe('failed');
    await userEvent.hover(trigger);
    expect(
      await screen.findByText('El archivo es un programa ejecutable o un script y no está permitido'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a dropped connection can be retried with a fresh signature', async () => {
    const { calls } = stubApi();
    const onChange = vi.fn();
    renderWithProviders(<FileUploader onChange={onChange} />);
    pick(pdfFile('a.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(1));
    const { TransferError } = await import('./transfer.ts');
    await act(async () => transfers[0].reject(new TransferError(0, undefined)));
    expect((await screen.findByTestId('upload-error')).getAttribute('aria-label')).toBe('No se pudo subir el archivo');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(transfers).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/files/upload-url'))).toHaveLength(2);
    // The first signed path is discarded on the server.
    expect(calls.some((c) => c.method === 'DELETE' && c.url.includes('/files/1/2026/05/'))).toBe(true);
    await act(async () => transfers[1].resolve(undefined));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  });

  it('removing an uploaded file updates the list and discards it on the server', async () => {
    const { calls } = stubApi();
    const onChange = vi.fn();
    renderWithProviders(<FileUploader onChange={onChange} />);
    pick(pdfFile('a.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(1));
    await act(async () => transfers[0].resolve(undefined));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const path = (onChange.mock.calls[0][0] as UploadedFileItem[])[0].path;
    await userEvent.click(screen.getByRole('button', { name: 'Quitar archivo' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([]));
    expect(items()).toHaveLength(0);
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/files/${path}`))).toBe(true);
  });

  it('emptying the value from outside resets the uploader without emitting back', async () => {
    stubApi();
    const changes: UploadedFileItem[][] = [];
    function Form() {
      const [files, setFiles] = useState<UploadedFileItem[]>([]);
      return (
        <>
          <FileUploader
            value={files}
            onChange={(f) => {
              changes.push(f);
              setFiles(f);
            }}
          />
          <button type="button" onClick={() => setFiles([])}>
            guardar
          </button>
        </>
      );
    }
    renderWithProviders(<Form />);
    pick(pdfFile('a.pdf'), pdfFile('b.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(2));
    await act(async () => transfers[0].resolve(undefined));
    await waitFor(() => expect(changes).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'guardar' }));
    await waitFor(() => expect(items()).toHaveLength(0));
    await act(async () => transfers[1].resolve(undefined));
    expect(changes).toHaveLength(1);
  });
});

describe('FileUploader with a presigned form POST (docs/product.md §7 configurable URL)', () => {
  it('asks the configured URL with {key, contentType} and posts the signed fields', async () => {
    const { calls } = stubApi();
    const onChange = vi.fn();
    renderWithProviders(<FileUploader method="post" context="certificate" onChange={onChange} />);
    pick(pdfFile('Acta.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(1));
    const sign = calls.find((c) => c.url.endsWith('/api/v2/public/api/propietarios/posventa/s3/pre-signed-url'))!;
    expect(sign.body).toMatchObject({ key: 'Acta.pdf', contentType: 'application/pdf', context: 'certificate' });
    expect(transfers[0].url).toBe('http://localhost/storage/form');
    expect(transfers[0].headers).toMatchObject({ 'Content-Type': 'application/pdf', Policy: 'e30=' });
    await act(async () => transfers[0].resolve(undefined));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.url.endsWith('/files/confirm'))).toBe(true);
  });
});

describe('FileUploader rules on pick (docs/product.md §5, §8 messages)', () => {
  async function errorOf(index: number) {
    const item = items()[index];
    return within(item).getByTestId('upload-error').getAttribute('aria-label');
  }

  it('no extension, invalid extension, duplicate and "first N uploaded" fail before any request', async () => {
    const { calls } = stubApi();
    renderWithProviders(<FileUploader maxFiles={2} />);
    pick(
      pdfFile('LEEME'),
      pdfFile('virus.exe'),
      pdfFile('a.pdf'),
      pdfFile('a.pdf'),
      pdfFile('b.pdf'),
      pdfFile('c.pdf'),
    );
    await waitFor(() => expect(items()).toHaveLength(6));
    expect(await errorOf(0)).toBe('El archivo debe tener una extensión');
    expect(await errorOf(1)).toMatch(/^Extensión no permitida\. Extensiones aceptadas: \.pdf/);
    expect(items()[2].dataset.state).toBe('uploading');
    expect(await errorOf(3)).toBe('Archivo duplicado: ya está en la lista');
    expect(items()[4].dataset.state).toBe('uploading');
    expect(await errorOf(5)).toBe('Se superó el límite de archivos: se subieron los primeros 2');
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/files/upload-url'))).toHaveLength(2));
  });

  it('a file over the maximum size and a renamed executable are refused locally', async () => {
    const { calls } = stubApi();
    renderWithProviders(<FileUploader maxFileSize={100} />);
    const exe = new File([new TextEncoder().encode('MZ'), new Uint8Array(50)], 'factura.pdf', {
      type: 'application/pdf',
    });
    pick(pdfFile('grande.pdf', 500), exe);
    await waitFor(() => expect(items().map((i) => i.dataset.state)).toEqual(['failed', 'failed']));
    expect(await errorOf(0)).toBe('El archivo supera el tamaño máximo de 100 B');
    expect(await errorOf(1)).toBe('El archivo es un programa ejecutable o un script y no está permitido');
    expect(calls).toHaveLength(0);
  });
});

describe('per-file observation (docs/product.md §5: optional max length with counter)', () => {
  it('counts characters and emits the observation with the file', async () => {
    stubApi();
    const onChange = vi.fn();
    renderWithProviders(<FileUploader onChange={onChange} observation observationMaxLength={20} />);
    pick(pdfFile('a.pdf'));
    await waitFor(() => expect(transfers).toHaveLength(1));
    await act(async () => transfers[0].resolve(undefined));
    const box = await screen.findByRole('textbox', { name: 'Observación' });
    await userEvent.type(box, 'Grieta');
    expect(screen.getByTestId('observation-counter').textContent).toBe('6 / 20');
    expect((box as HTMLInputElement).maxLength).toBe(20);
    expect((onChange.mock.lastCall![0] as UploadedFileItem[])[0].observacion).toBe('Grieta');
  });
});

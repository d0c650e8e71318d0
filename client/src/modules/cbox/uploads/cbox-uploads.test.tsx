import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBOX_DRAG_TYPE } from '#domain/cbox';
import { mockFetch, type MockAnswer, type RecordedCall } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CboxUploads, UploadButton } from './cbox-uploads.tsx';
import { PartTransferError } from './part-transfer.ts';
import { uploadQueue } from './upload-queue.ts';

type Put = { url: string; progress(loaded: number): void; resolve(etag: string): void; reject(e: unknown): void };
const puts: Put[] = [];
vi.mock('./part-transfer.ts', async (original) => {
  const real = await original<typeof import('./part-transfer.ts')>();
  return {
    ...real,
    putPart: vi.fn(
      (url: string, _body: Blob, _headers: Record<string, string>, progress: (loaded: number) => void) =>
        new Promise((resolve, reject) => puts.push({ url, progress, resolve, reject })),
    ),
  };
});

const PART = 100;
const pdf = (name = 'Plano.pdf', size = 250, lastModified = 1_700_000_000_000) =>
  new File([new TextEncoder().encode('%PDF-1.7\n'), new Uint8Array(size - 9)], name, {
    type: 'application/pdf',
    lastModified,
  });

/** The subidas routes as the server answers them, parts of 100 bytes; `override` answers first when it wants to. */
function stubLibrary(override?: (call: RecordedCall) => MockAnswer | undefined) {
  let n = 0;
  const sessions = new Map<string, { name: string; size: number; folder_id: number | null }>();
  const upload = (id: string, done: { number: number; etag: string; size: number }[] = []) => {
    const s = sessions.get(id) ?? { name: 'Plano.pdf', size: 250, folder_id: 7 };
    return {
      data: {
        id,
        ...s,
        part_size: PART,
        part_count: Math.ceil(s.size / PART),
        parts_done: done,
        expires_at: '2030-01-01T00:00:00.000Z',
      },
    };
  };
  return mockFetch((call) => {
    const custom = override?.(call);
    if (custom) return custom;
    const path = new URL(call.url).pathname.replace('/api/v2/public/api/', '');
    const body = call.body as Record<string, unknown>;
    if (call.method === 'POST' && path === 'biblioteca/subidas') {
      n += 1;
      const id = `s${n}`;
      sessions.set(id, { name: String(body.name), size: Number(body.size), folder_id: body.folder_id as number });
      return { body: upload(id) };
    }
    const partes = /^biblioteca\/subidas\/(\w+)\/partes$/.exec(path);
    if (partes)
      return {
        body: {
          data: (body.parts as number[]).map((p) => ({
            number: p,
            url: `http://localhost/storage/parts/${partes[1]}/${p}?X-Signature=x`,
            headers: {},
          })),
        },
      };
    const completar = /^biblioteca\/subidas\/(\w+)\/completar$/.exec(path);
    if (completar) return { body: { data: { kind: 'file', id: 1, name: sessions.get(completar[1])?.name } } };
    return { status: 404, body: { message: 'No encontrado', errors: [] } };
  });
}

const apiCalls = (calls: RecordedCall[], method: string, path: RegExp) =>
  calls.filter((c) => c.method === method && path.test(new URL(c.url).pathname));

function renderUploads(folderId: number | null = 7) {
  return renderWithProviders(
    <CboxUploads folderId={folderId} canUpload>
      <UploadButton />
      <p>listado</p>
    </CboxUploads>,
  );
}

const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('cbox-upload-input'), { target: { files } });
const item = (name: string) => screen.getAllByTestId('cbox-upload-item').find((el) => el.textContent?.includes(name))!;

beforeEach(() => {
  puts.length = 0;
  localStorage.clear();
  uploadQueue.reset();
  uploadQueue.options.retryDelaysMs = [1, 1];
});
afterEach(() => {
  uploadQueue.reset();
  vi.unstubAllGlobals();
});

describe('CboxUploads: parts, progress, completion', () => {
  it('sends three parts at once, shows per-file and overall progress, completes and refreshes the listing', async () => {
    const { calls } = stubLibrary();
    const { queryClient } = renderUploads();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    pick(pdf());
    await waitFor(() => expect(puts).toHaveLength(3));
    const start = apiCalls(calls, 'POST', /biblioteca\/subidas$/)[0];
    expect(start.body).toMatchObject({ folder_id: 7, name: 'Plano.pdf', size: 250, last_modified: 1_700_000_000_000 });
    expect(JSON.parse(localStorage.getItem('cbox.uploads')!)).toEqual([
      { id: 's1', folderId: 7, name: 'Plano.pdf', size: 250, lastModified: 1_700_000_000_000 },
    ]);

    act(() => puts[0].progress(50));
    const bar = within(item('Plano.pdf')).getByRole('progressbar', { name: 'Progreso de Plano.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByRole('progressbar', { name: 'Progreso total de las subidas' })).toBeTruthy();

    await act(async () => {
      puts[0].resolve('"e1"');
      puts[1].resolve('"e2"');
      puts[2].resolve('"e3"');
    });
    await waitFor(() => expect(item('Plano.pdf').dataset.status).toBe('done'));
    const complete = apiCalls(calls, 'POST', /completar$/)[0];
    expect(complete.body).toEqual({
      parts: [
        { number: 1, etag: '"e1"' },
        { number: 2, etag: '"e2"' },
        { number: 3, etag: '"e3"' },
      ],
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cbox'] });
    expect(localStorage.getItem('cbox.uploads')).toBeNull();
  });

  it('refuses before sending: no extension, and the same file twice in one batch', async () => {
    const { calls } = stubLibrary();
    renderUploads();
    pick(new File(['x'], 'Leeme', { lastModified: 1 }), pdf('Acta.pdf'), pdf('Acta.pdf'));
    await waitFor(() => expect(screen.getAllByTestId('cbox-upload-item')).toHaveLength(3));
    const refused = screen.getAllByTestId('cbox-upload-item').filter((el) => el.dataset.status === 'refused');
    expect(refused.map((el) => within(el).getByTestId('cbox-upload-message').textContent)).toEqual([
      'El archivo debe tener una extensión',
      'Archivo duplicado: ya está en la lista',
    ]);
    await waitFor(() => expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)).toHaveLength(1));
  });
});

describe('CboxUploads: a failing part', () => {
  it('is retried with backoff and the upload goes on', async () => {
    const { calls } = stubLibrary();
    renderUploads();
    pick(pdf());
    await waitFor(() => expect(puts).toHaveLength(3));
    await act(async () => {
      puts[0].resolve('"e1"');
      puts[1].reject(new PartTransferError(0));
      puts[2].resolve('"e3"');
    });
    await waitFor(() => expect(puts).toHaveLength(4));
    expect(puts[3].url).toContain('/storage/parts/s1/2?');
    await act(async () => puts[3].resolve('"e2"'));
    await waitFor(() => expect(apiCalls(calls, 'POST', /completar$/)).toHaveLength(1));
  });

  it('pauses after the retries, and the user resumes it with "Reintentar"', async () => {
    stubLibrary();
    renderUploads();
    pick(pdf('Corte.pdf', 100));
    await waitFor(() => expect(puts).toHaveLength(1));
    for (let i = 0; i < 3; i += 1) {
      await waitFor(() => expect(puts).toHaveLength(i + 1));
      await act(async () => puts[i].reject(new PartTransferError(0)));
    }
    await waitFor(() => expect(item('Corte.pdf').dataset.status).toBe('paused'));
    expect(within(item('Corte.pdf')).getByTestId('cbox-upload-message').textContent).toContain('en pausa');
    fireEvent.click(within(item('Corte.pdf')).getByRole('button', { name: /Reintentar/ }));
    await waitFor(() => expect(puts).toHaveLength(4));
    await act(async () => puts[3].resolve('"ok"'));
    await waitFor(() => expect(item('Corte.pdf').dataset.status).toBe('done'));
  });
});

describe('CboxUploads: resume after a reload', () => {
  it('lists the interrupted upload, takes the same file again and sends only the missing parts', async () => {
    localStorage.setItem(
      'cbox.uploads',
      JSON.stringify([{ id: 's9', folderId: 7, name: 'Plano.pdf', size: 250, lastModified: 1_700_000_000_000 }]),
    );
    const { calls } = stubLibrary((call) =>
      call.method === 'GET' && call.url.endsWith('/biblioteca/subidas/s9')
        ? {
            body: {
              data: {
                id: 's9',
                name: 'Plano.pdf',
                size: 250,
                folder_id: 7,
                part_size: PART,
                part_count: 3,
                parts_done: [
                  { number: 1, etag: '"a1"', size: 100 },
                  { number: 2, etag: '"a2"', size: 100 },
                ],
                expires_at: '2030-01-01T00:00:00.000Z',
              },
            },
          }
        : undefined,
    );
    renderUploads(null);
    expect(screen.getByTestId('cbox-upload-resume-hint').textContent).toContain('Seleccione de nuevo el mismo archivo');
    expect(item('Plano.pdf').dataset.status).toBe('waiting_file');
    const again = within(item('Plano.pdf')).getByTestId('cbox-upload-pick-again');
    fireEvent.change(again, { target: { files: [pdf('Plano.pdf', 250, 1)] } });
    expect(within(item('Plano.pdf')).getByTestId('cbox-upload-message').textContent).toContain(
      'No es el mismo archivo',
    );
    fireEvent.change(again, { target: { files: [pdf()] } });
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].url).toContain('/storage/parts/s9/3?');
    expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)).toEqual([]);
    await act(async () => puts[0].resolve('"a3"'));
    await waitFor(() => expect(apiCalls(calls, 'POST', /completar$/)).toHaveLength(1));
    expect(apiCalls(calls, 'POST', /completar$/)[0].body).toEqual({
      parts: [
        { number: 1, etag: '"a1"' },
        { number: 2, etag: '"a2"' },
        { number: 3, etag: '"a3"' },
      ],
    });
  });
});

describe('CboxUploads: a name already in the folder', () => {
  const exists = (call: RecordedCall) =>
    call.method === 'POST' &&
    call.url.endsWith('/biblioteca/subidas') &&
    !(call.body as { on_conflict?: string }).on_conflict
      ? { status: 409, body: { message: 'Ya existe un archivo con ese nombre', errors: [], code: 'exists' } }
      : undefined;

  it('asks, and "keep both" posts again with on_conflict keep_both', async () => {
    const { calls } = stubLibrary(exists);
    renderUploads();
    pick(pdf());
    const dialog = await screen.findByTestId('cbox-upload-conflict');
    expect(dialog.textContent).toContain('Ya existe «Plano.pdf» en esta carpeta');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conservar ambos' }));
    await waitFor(() => expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)).toHaveLength(2));
    expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)[1].body).toMatchObject({ on_conflict: 'keep_both' });
  });

  it('"apply to all" answers every conflict of the batch the same way', async () => {
    const { calls } = stubLibrary(exists);
    renderUploads();
    pick(pdf('A.pdf'), pdf('B.pdf'));
    const dialog = await screen.findByTestId('cbox-upload-conflict');
    const applyAll = await within(dialog).findByRole('checkbox', { name: 'Aplicar a todos los archivos repetidos' });
    await userEvent.click(applyAll);
    expect((applyAll as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: /Reemplazar/ }));
    await waitFor(() =>
      expect(
        apiCalls(calls, 'POST', /biblioteca\/subidas$/)
          .filter((c) => (c.body as { on_conflict?: string }).on_conflict === 'replace')
          .map((c) => (c.body as { name: string }).name)
          .sort(),
      ).toEqual(['A.pdf', 'B.pdf']),
    );
  });

  it('skip cancels only that file', async () => {
    stubLibrary(exists);
    renderUploads();
    pick(pdf());
    const dialog = await screen.findByTestId('cbox-upload-conflict');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Omitir' }));
    await waitFor(() => expect(item('Plano.pdf').dataset.status).toBe('cancelled'));
    expect(puts).toEqual([]);
  });
});

/** A dropped folder as the browser hands it: entries with a reader that answers in batches. */
function folderEntry(name: string, files: File[]) {
  const batches = [
    files.map((f) => ({ isFile: true, isDirectory: false, name: f.name, file: (ok: (f: File) => void) => ok(f) })),
  ];
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => ({ readEntries: (ok: (e: unknown[]) => void) => ok(batches.shift() ?? []) }),
  };
}
const drop = (types: string[], entries: unknown[], files: File[] = []) =>
  fireEvent.drop(screen.getByTestId('cbox-drop-zone'), {
    dataTransfer: {
      types,
      files,
      items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    },
  });

describe('CboxUploads: dropping from the computer', () => {
  it('a dropped folder is created in the current folder and its files go into it', async () => {
    const { calls } = stubLibrary((call) =>
      call.method === 'POST' && call.url.endsWith('/biblioteca/carpetas')
        ? { body: { data: { kind: 'folder', id: 55, name: 'Obra' } } }
        : undefined,
    );
    renderUploads(7);
    drop(['Files'], [folderEntry('Obra', [pdf('Losa.pdf')])]);
    await waitFor(() => expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)).toHaveLength(1));
    expect(apiCalls(calls, 'POST', /biblioteca\/carpetas$/)[0].body).toEqual({ name: 'Obra', parent_id: 7 });
    expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)[0].body).toMatchObject({ name: 'Losa.pdf', folder_id: 55 });
  });

  it('a folder whose name exists is reused, found in the listing', async () => {
    const { calls } = stubLibrary((call) => {
      if (call.method === 'POST' && call.url.endsWith('/biblioteca/carpetas'))
        return { status: 409, body: { message: 'Ya existe', errors: [] } };
      if (call.method === 'GET' && call.url.includes('/biblioteca/contenido'))
        return {
          body: {
            data: [{ kind: 'folder', id: 66, name: 'obra' }],
            current_page: 1,
            total: 1,
            has_more: false,
            rowsPerPage: 500,
          },
        };
      return undefined;
    });
    renderUploads(7);
    drop(['Files'], [folderEntry('Obra', [pdf('Losa.pdf')])]);
    await waitFor(() => expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)).toHaveLength(1));
    const lookup = apiCalls(calls, 'GET', /biblioteca\/contenido$/)[0];
    expect(new URL(lookup.url).searchParams.get('folder_id')).toBe('7');
    expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)[0].body).toMatchObject({ folder_id: 66 });
  });

  it("plain files dropped go up; the explorer's own drags are left alone", async () => {
    const { calls } = stubLibrary();
    renderUploads(7);
    drop([CBOX_DRAG_TYPE, 'Files'], [], [pdf('Movido.pdf')]);
    drop(['Files'], [{ isFile: true, isDirectory: false, name: 'Suelto.pdf' }], [pdf('Suelto.pdf')]);
    await waitFor(() => expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)).toHaveLength(1));
    expect(apiCalls(calls, 'POST', /biblioteca\/subidas$/)[0].body).toMatchObject({ name: 'Suelto.pdf' });
  });

  it('where the caller may not add files, there is no upload button and a drop sends nothing', async () => {
    const { calls } = stubLibrary();
    renderWithProviders(
      <CboxUploads folderId={7} canUpload={false}>
        <UploadButton />
      </CboxUploads>,
    );
    expect(screen.queryByRole('button', { name: /Subir archivos/ })).toBeNull();
    drop(['Files'], [], [pdf('Ajeno.pdf')]);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});

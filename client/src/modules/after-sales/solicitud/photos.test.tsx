import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clientWithUser } from '../../../test/users.ts';
import { uploadFile, type StoredFile } from '../../../widgets/upload/upload-api.ts';
import { afterSalesKeys } from '../api/keys.ts';
import type { AcView, Attachment, TimelineEntry } from '../api/types.ts';
import { failureView, orderView, ticketDetail } from '../test/fixtures.ts';
import { AcTab } from './ac-tab.tsx';
import { ActividadTab } from './actividad-tab.tsx';
import { FallasTab } from './fallas-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../../widgets/upload/markup-image.ts', async (original) => ({
  ...(await original<typeof import('../../../widgets/upload/markup-image.ts')>()),
  loadImageForCanvas: vi.fn(async () => ({ naturalWidth: 400, naturalHeight: 300, width: 400, height: 300 })),
}));
vi.mock('../../../widgets/upload/upload-api.ts', async (original) => ({
  ...(await original<typeof import('../../../widgets/upload/upload-api.ts')>()),
  uploadFile: vi.fn(),
}));
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => new Proxy({}, { get: () => () => undefined, set: () => true }) as unknown as CanvasRenderingContext2D,
  );
  HTMLCanvasElement.prototype.toBlob = (callback: BlobCallback) => callback(new Blob(['png'], { type: 'image/png' }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const photo = (name: string, n: number): Attachment => ({
  path: `1/2026/05/0b7e1c1e-7d4a-4a43-9d6a-3a8e3d2f1a${String(n).padStart(2, '0')}.png`,
  name,
  size: 10,
  type: 'image/png',
});
const ORIGINAL = photo('fisura.png', 1);
const OTHER = photo('muro.png', 2);
const COPY = photo('fisura (marcada).png', 3);
const stored = { ...COPY, id: 9, url: '', url_thumbnail: null } as unknown as StoredFile;
const path = (url: string) => new URL(url).pathname.replace('/api/v2/public/api/postventa/solicitudes/31', '');
const thumbnails = (group: string) =>
  within(screen.getByRole('group', { name: group, hidden: true }))
    .getAllByTestId('attachment-thumbnail')
    .map((b) => b.getAttribute('title'));

function renderTab(segment: string, element: React.ReactNode, permissions = ['postventa_gestionar']) {
  const queryClient = clientWithUser(permissions);
  queryClient.setQueryData(afterSalesKeys.ticketDetail(31), ticketDetail({ state: 'en_proceso' }));
  renderWithProviders(
    <Routes>
      <Route path={`/warranties/solicitud/:solicitudId/${segment}`} element={element} />
    </Routes>,
    { route: `/warranties/solicitud/31/${segment}`, queryClient },
  );
}

/** Opens the thumbnail, marks it with one arrow and saves. */
async function markFirst(title: string) {
  const user = userEvent.setup({ delay: null });
  await user.click((await screen.findAllByTitle(title))[0]);
  await user.click(await screen.findByRole('button', { name: 'Marcar' }));
  const canvas = await screen.findByRole('img', { name: `Imagen para marcar: ${title}` });
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 90, clientY: 60 });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 90, clientY: 60 });
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
}

describe('photos inline and marked copies on the ticket’s tabs (docs/product.md §2 image viewer)', () => {
  it('failures: thumbnails inline; a saved marking posts the copy for that failure and shows it beside the original', async () => {
    vi.mocked(uploadFile).mockResolvedValue(stored);
    const failure = failureView({ attachments: [ORIGINAL, OTHER] });
    const api = mockFetch((call) =>
      call.method === 'POST'
        ? { status: 201, body: { data: { attachments: [ORIGINAL, COPY, OTHER] } } }
        : path(call.url) === '/fallas/plano'
          ? { body: { data: { unit_id: 5, plans: [], failures: [] } } } // the unit's plan (plan-section.tsx): none
          : { body: { data: path(call.url) === '/fallas' ? [failure] : ticketDetail() } },
    );
    renderTab('fallas', <FallasTab />);
    await screen.findAllByTestId('failure-card');
    expect(thumbnails('Adjuntos')).toEqual(['fisura.png', 'muro.png']);
    await markFirst('fisura.png');
    await waitFor(() => expect(screen.getByRole('img', { name: 'fisura (marcada).png' })).toBeTruthy());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(path(post.url)).toBe(`/fallas/${failure.id}/marcadas`);
    expect(post.body).toEqual({ source: ORIGINAL.path, path: COPY.path });
    expect(screen.getByTestId('image-viewer-position').textContent).toBe('2 de 3');
    expect(thumbnails('Adjuntos')).toEqual(['fisura.png', 'fisura (marcada).png', 'muro.png']);
  });

  it('the orders list shows each result’s photos inline and marks them through the result', async () => {
    vi.mocked(uploadFile).mockResolvedValue(stored);
    const managed = orderView({
      state: 'gestionada',
      failures: [{ ...orderView().failures[0], result: 'solucionada', comment: 'Sellado', attachments: [ORIGINAL] }],
    });
    const api = mockFetch((call) =>
      call.method === 'POST'
        ? { status: 201, body: { data: { attachments: [ORIGINAL, COPY] } } }
        : { body: { data: path(call.url) === '/oi' ? [managed] : ticketDetail() } },
    );
    renderTab('oi', <OrdersTab />);
    const result = await screen.findByTestId('order-result');
    expect(result.textContent).toContain('Solucionada');
    await markFirst('fisura.png');
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const failureId = managed.failures[0].id;
    expect(path(api.calls.find((c) => c.method === 'POST')!.url)).toBe(`/oi/7/fallas/${failureId}/marcadas`);
    await waitFor(() =>
      expect(within(screen.getByTestId('order-result')).getAllByTestId('attachment-thumbnail')).toHaveLength(2),
    );
  });

  it('ACs show the answer’s photos; without the right to manage there is no Marcar', async () => {
    const ac: AcView = {
      id: 4,
      code: 'AC-PLD4',
      number: 4,
      state: 'conforme',
      reply: 'Todo bien',
      attachments: [ORIGINAL],
      replied_at: '2026-05-02T13:00:00.000Z',
      replied_by: null,
      follow_up: null,
      follow_up_order: null,
      failures: [],
      allowed_events: [],
      signed_at: null,
      signer_name: null,
      signed_via: null,
      signed_by: null,
      signed_pdf: null,
      created_at: '2026-05-01T13:00:00.000Z',
    };
    mockFetch((call) => ({
      body: { data: path(call.url) === '/ac' ? [ac] : path(call.url) === '/fallas' ? [] : ticketDetail() },
    }));
    renderTab('ac', <AcTab />, ['modulo_postventa']);
    await screen.findByTestId('ac-card');
    expect(thumbnails('Fotos de la respuesta')).toEqual(['fisura.png']);
    await userEvent.click(screen.getByTitle('fisura.png'));
    expect(await screen.findByRole('img', { name: 'fisura.png' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar' })).toBeNull();
  });

  it('messages show their photos; a public one is marked only with the right to write to the owner', async () => {
    const entry = (id: string, visibility: 'public' | 'private', file: Attachment): TimelineEntry => ({
      id,
      source: 'message',
      visibility,
      usuario: { id: 5, name: 'Valentina Muñoz', color: null, acronimo: 'VM' },
      fecha: '2026-05-02T13:00:00.000Z',
      tipo: { nombre: visibility === 'public' ? 'Mensaje público' : 'Nota privada', kind: 'message' },
      text: 'Ver foto',
      archivos: [file],
      action: null,
      from: null,
      to: null,
      data: {},
    });
    const page = {
      data: [entry('m1', 'public', ORIGINAL), entry('m2', 'private', OTHER)],
      total: 2,
      current_page: 1,
      has_more: false,
      rowsPerPage: 50,
    };
    mockFetch((call) => ({ body: path(call.url) === '/actividad' ? page : { data: ticketDetail() } }));
    // A supervisor manages but is not an agent, and lacks postventa_mensaje_propietario.
    renderTab('actividad', <ActividadTab />, ['postventa_gestionar', 'postventa_supervisar']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTitle('fisura.png'));
    await screen.findByRole('img', { name: 'fisura.png' });
    expect(screen.queryByRole('button', { name: 'Marcar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await user.click(screen.getByTitle('muro.png'));
    expect(await screen.findByRole('button', { name: 'Marcar' })).toBeTruthy();
  });
});

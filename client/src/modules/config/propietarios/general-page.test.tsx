import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../api/mock-fetch.ts';
import { session } from '../../../shared/session/session-store.ts';
import { renderConfigPage } from './render-config-page.tsx';
import * as notify from '../../../api/notify.ts';
import { GeneralConfigPage } from './general-page.tsx';
import { hasChanges } from './no-changes.ts';

vi.setConfig({ testTimeout: 30_000 });

const stored = {
  project_id: 1,
  municipal_reception_date: '2025-11-03',
  real_estate_name: 'Inmobiliaria Los Andes',
  real_estate_id_number: '76.123.456-0',
  legal_representative: 'Ana Pérez',
  legal_representative_id_number: null,
  tax_ids: [],
  contacts: [],
  response_time_hours: 48,
  response_action: 'notificar_responsable',
  notification_message: null,
  owner_confirmation_limit_hours: 24,
  accessories: ['Llaves'],
  updated_at: null,
};

const renderPage = (country = 'CL') =>
  renderConfigPage(<GeneralConfigPage />, '/config/propietarios/general', { projectId: 1, country });

// docs/product.md §5 "Saving with no changes shows a 'no changes to send' message"; the client sends no request at all
// (docs/decisions.md, Entregas client).
describe('config propietarios general (docs/product.md §2, §5)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.setProject(1);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saving with no changes says so and sends nothing', async () => {
    const api = mockFetch(() => ({ body: { data: stored } }));
    const toast = vi.spyOn(notify, 'showToast').mockImplementation(() => undefined);
    renderPage();
    await userEvent.click(await screen.findByTestId('cfg-save'));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', title: 'No hay cambios para enviar' }),
    );
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('a changed field is sent; the notification message counts up to 1000', async () => {
    const api = mockFetch((call) => ({
      body: { data: call.method === 'PUT' ? { ...stored, real_estate_name: 'Inmobiliaria Cordillera' } : stored },
    }));
    renderPage();
    const counter = await screen.findByTestId('cfg-notification-message-counter');
    expect(counter.textContent).toBe('0 / 1000');
    const name = screen.getByTestId('cfg-real-estate-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Inmobiliaria Cordillera');
    await userEvent.click(screen.getByTestId('cfg-save'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/entregas/proyectos/1/configuracion/general');
    expect(put.body).toMatchObject({ real_estate_name: 'Inmobiliaria Cordillera' });
  });

  it('labels the id numbers RUT in Chile and "Documento de identidade" elsewhere (docs/product.md §5 RUT)', async () => {
    mockFetch(() => ({ body: { data: stored } }));
    renderPage('BR');
    expect((await screen.findAllByText(/Documento de identidade/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/^RUT/)).toBeNull();
  });
});

describe('hasChanges', () => {
  it('treats trimmed and empty-vs-null values as unchanged', () => {
    expect(hasChanges({ a: null, b: ['x'] }, { a: '  ', b: [' x '] })).toBe(false);
    expect(hasChanges({ a: 'x' }, { a: 'y' })).toBe(true);
  });
});

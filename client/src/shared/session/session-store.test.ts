import { beforeEach, describe, expect, it } from 'vitest';
import { loadInitialState, session, STORAGE_KEYS } from './session-store.ts';

describe('session state (docs/product.md §3)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.clearUser();
    localStorage.clear();
  });

  it('holds locale, headers, projectId, params, uploads, sidebars and gridMode', () => {
    const s = session.get();
    expect(Object.keys(s).sort()).toEqual([
      'gridMode',
      'headers',
      'locale',
      'metadata',
      'params',
      'projectId',
      'sidebars',
      'uploads',
    ]);
    expect(s.params).toEqual({ proyecto_id: null, unidad_id: null, solicitud_id: null });
  });

  it('keeps only metadata, locale and grid_mode in browser storage', () => {
    session.setLocale('pt-BR');
    session.setGridMode('grid');
    session.setHeaders({ Authorization: 'x' });
    session.setProject(7);
    session.setParams({ unidad_id: 3, solicitud_id: 9 });
    session.beginUpload();
    session.setSidebar('main', true);
    session.rememberRoute('quality', '/quality/bim');
    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.gridMode, STORAGE_KEYS.locale, STORAGE_KEYS.metadata].sort(),
    );
    expect(localStorage.getItem('locale')).toBe('pt-BR');
    expect(localStorage.getItem('grid_mode')).toBe('grid');
    expect(JSON.parse(localStorage.getItem('metadata')!)).toEqual({
      lastRoutes: { quality: '/quality/bim' },
      projectId: 7,
    });
    const fresh = loadInitialState();
    expect(fresh).toMatchObject({
      locale: 'pt-BR',
      gridMode: 'grid',
      projectId: 7,
      headers: {},
      uploads: 0,
      sidebars: {},
    });
    expect(fresh.params).toEqual({ proyecto_id: 7, unidad_id: null, solicitud_id: null });
  });

  it('the project select sets proyecto_id; route params set unidad_id and solicitud_id', () => {
    session.setProject(4);
    session.setParams({ unidad_id: 12, solicitud_id: null });
    expect(session.get().params).toEqual({ proyecto_id: 4, unidad_id: 12, solicitud_id: null });
    session.setParams({ proyecto_id: 5 });
    expect(session.get().projectId).toBe(5);
  });

  it('counts uploads and never below zero', () => {
    session.beginUpload();
    session.beginUpload();
    session.endUpload();
    expect(session.get().uploads).toBe(1);
    session.endUpload();
    session.endUpload();
    expect(session.get().uploads).toBe(0);
  });

  it('logout forgets the user but keeps the browser preferences', () => {
    session.setLocale('pt-BR');
    session.setGridMode('grid');
    session.setProject(7);
    session.rememberRoute('warranties', '/warranties/agenda');
    session.clearUser();
    expect(session.get()).toMatchObject({
      locale: 'pt-BR',
      gridMode: 'grid',
      projectId: null,
      metadata: { lastRoutes: {}, projectId: null },
    });
  });

  it('starts in the first supported browser language when nothing is stored (docs/product.md §1)', () => {
    const langs = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['en-US', 'pt-PT', 'es-CL'] });
    try {
      expect(loadInitialState().locale).toBe('pt-BR');
    } finally {
      if (langs) Object.defineProperty(navigator, 'languages', langs);
      else delete (navigator as unknown as Record<string, unknown>).languages;
    }
  });
});

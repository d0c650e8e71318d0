import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaOf } from './route-manifest.ts';
import { resolveModuleEntry, routeToRemember } from './route-memory.ts';
import { session, STORAGE_KEYS } from './session/session-store.ts';

const warranties = areaOf('warranties');
const all = { modulo_postventa: true, modulo_entregas: true, modulo_calidad: true, postventa_gestionar: true };

describe('remembered route per module (docs/product.md §2)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.clearUser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers known routes of modules that remember, with their query', () => {
    expect(routeToRemember('/warranties/solicitud/31/fallas', '?tab=2')).toMatchObject({
      path: '/warranties/solicitud/31/fallas?tab=2',
    });
    expect(routeToRemember('/warranties/solicitud/31/fallas')?.area.area).toBe('warranties');
    expect(routeToRemember('/warranties')).toBeUndefined(); // the entry redirects; nothing to restore
    expect(routeToRemember('/warranties/no-existe')).toBeUndefined();
    expect(routeToRemember('/auth/login')).toBeUndefined();
  });

  it('restores the stored route, or the default when it no longer exists or is no longer allowed', () => {
    expect(resolveModuleEntry(warranties, '/warranties/agenda', all)).toBe('/warranties/agenda');
    expect(resolveModuleEntry(warranties, undefined, all)).toBe('/warranties/dashboard');
    expect(resolveModuleEntry(warranties, '/warranties/pantalla-antigua', all)).toBe('/warranties/dashboard');
    expect(resolveModuleEntry(warranties, '/quality/gantt', all)).toBe('/warranties/dashboard');
    expect(resolveModuleEntry(areaOf('config'), '/config/usuarios', {})).toBe('/config/cuenta');
    expect(resolveModuleEntry(areaOf('config'), '/config/usuarios', { config_usuarios: true })).toBe(
      '/config/usuarios',
    );
  });

  it('falls back to the first screen of the module the user may open, never to one they may not', () => {
    const deliveries = { modulo_entregas: true };
    expect(resolveModuleEntry(warranties, undefined, deliveries)).toBe('/warranties/fichas');
    expect(resolveModuleEntry(warranties, '/warranties/dashboard/solicitudes', deliveries)).toBe('/warranties/fichas');
    expect(resolveModuleEntry(warranties, '/warranties/ficha/7/revision', deliveries)).toBe(
      '/warranties/ficha/7/revision',
    );
    expect(resolveModuleEntry(warranties, '/warranties/fichas', { modulo_postventa: true })).toBe(
      '/warranties/solicitudes',
    );
  });

  it('keeps the memory in browser storage under "metadata"', () => {
    session.rememberRoute('warranties', '/warranties/fichas');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.metadata)!).lastRoutes).toEqual({
      warranties: '/warranties/fichas',
    });
    session.reset();
    expect(session.get().metadata.lastRoutes.warranties).toBe('/warranties/fichas');
  });
});

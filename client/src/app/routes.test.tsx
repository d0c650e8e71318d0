import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import es from '#locales/es.json';
import ptBR from '#locales/pt-BR.json';
import { mockFetch } from '../api/mock-fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PendingPage } from '../shared/layout/page-states.tsx';
import { ROUTES, routeTitleKey, type AreaRoute, type RouteNode } from '../shared/route-manifest.ts';
import { flattenRoutes, matchTable } from '../shared/route-tree.ts';
import { AppRoutes } from './router.tsx';
import { PAGES, pageOf } from './routes.tsx';
import { authUserQuery, type AuthUser } from '../api/session/auth-user.ts';
import { session } from '../shared/session/session-store.ts';

/** docs/product.md §2 table and sub-route lists, written out independently of the route table. */
const SPEC_PATHS: Record<string, { permission?: string; default?: string }> = {
  '/auth': { default: 'login' },
  '/auth/login': {},
  '/auth/forgotten-password': {},
  '/auth/reset': {},
  '/home': { default: 'proyectos' },
  '/home/proyectos': {},
  '/home/tareas': {},
  '/config': { default: 'cuenta' },
  '/config/cuenta': {},
  '/config/notificaciones/configuracion': {},
  '/config/notificaciones/recibidas': {},
  '/config/cargos': {},
  '/config/permisos': {},
  '/config/usuarios': {},
  '/config/trabajadores': {},
  '/config/cursos': {},
  '/config/integraciones': {},
  '/config/integraciones/api': {},
  '/config/integraciones/webhooks': {},
  '/config/integraciones/apps': {},
  '/config/integraciones/apps/:appId/hooks': {},
  '/config/integraciones/apps/:appId/logs': {},
  '/config/integraciones/procore': {},
  '/config/integraciones/hubspot': {},
  '/config/integraciones/bim': {},
  '/config/projects/models': {},
  '/config/recepciones': {},
  '/config/cmanagement': { default: 'custom-fields' },
  '/config/cmanagement/custom-fields': {},
  '/config/cmanagement/tasks': {},
  '/config/cmanagement/categories': {},
  '/config/calidad/attributes': {},
  '/config/hormigon': { default: 'concreto' },
  '/config/hormigon/concreto': {},
  '/config/hormigon/empresas-y-tipos': {},
  '/config/hormigon/lotes': {},
  '/config/propietarios': { default: 'global' },
  '/config/propietarios/global': {},
  '/config/propietarios/general': {},
  '/config/propietarios/logo': {},
  '/config/propietarios/planos': {},
  '/config/propietarios/iframe': {},
  '/concrete': { permission: 'modulo_hormigon', default: 'uploader' },
  '/concrete/uploader': {},
  '/concrete/placements': {},
  '/concrete/advanceBim': {},
  // modulo_biblioteca guards the library, not the area: /cbox/activation is for those without it.
  '/cbox': {},
  '/cbox/folders/:folderId?/:fileId?': { permission: 'modulo_biblioteca' },
  '/cbox/activation': {},
  '/cmanagement': { permission: 'cmanagement-access' },
  '/cmanagement/tickets': {},
  '/cmanagement/tickets/:ticketId': { default: 'general' },
  '/cmanagement/tickets/:ticketId/issues': {},
  '/cmanagement/tickets/:ticketId/issues/:issueId': {},
  '/cmanagement/tickets/:ticketId/tasks': {},
  '/cmanagement/schedule': {},
  '/quality': { permission: 'modulo_calidad', default: 'gantt' },
  '/quality/bim/:modelId?': {},
  '/quality/gantt': {},
  '/quality/construction-progress': { default: 'list' },
  '/quality/construction-progress/list': {},
  '/quality/construction-progress/gantt': {},
  '/quality/construction-progress/bim/:modelId?': {},
  '/verifications': { permission: 'verifications-access', default: 'gantt' },
  '/verifications/uploader': {},
  '/verifications/gantt': {},
  '/warranties': { permission: 'modulo_entregas|modulo_postventa' },
  '/warranties/estadisticas': {},
  '/warranties/dashboard': { default: 'solicitudes' },
  '/warranties/dashboard/solicitudes': {},
  '/warranties/dashboard/eficiencia': {},
  '/warranties/fichas': {},
  '/warranties/ficha/:unitId': { default: 'propietarios' },
  ...Object.fromEntries(
    [
      'propietarios',
      'revision',
      'detalles',
      'accesorios',
      'archivos',
      'vista-previa-acta',
      'recepcion',
      'solicitudes',
      'actividad',
    ].map((tab) => [`/warranties/ficha/:unitId/${tab}`, {}]),
  ),
  '/warranties/solicitudes': {},
  '/warranties/solicitud/crear': {},
  '/warranties/solicitud/:solicitudId': { default: 'actividad' },
  '/warranties/solicitud/:solicitudId/actividad': {},
  '/warranties/solicitud/:solicitudId/fallas': {},
  '/warranties/solicitud/:solicitudId/ac': {},
  ...Object.fromEntries(
    ['oi', 'ot'].flatMap((k) => [
      [`/warranties/solicitud/:solicitudId/${k}`, {}],
      [`/warranties/solicitud/:solicitudId/${k}/crear`, {}],
      [`/warranties/solicitud/:solicitudId/${k}/editar/:${k}Id`, {}],
      [`/warranties/solicitud/:solicitudId/${k}/gestionar/:${k}Id`, {}],
    ]),
  ),
  '/warranties/agenda': {},
  '/billing': { permission: 'modulo_billing' },
  '/ocinsights': { default: 'usabilidad' },
  '/ocinsights/usabilidad': {},
  '/tiinsights': { permission: 'ryr|dbdump' },
};

const flat = flattenRoutes();
const byPath = new Map(flat.filter((r) => !r.isIndex).map((r) => [r.fullPath, r]));

describe('route table (docs/product.md §2)', () => {
  it('lists every docs/product.md §2 path', () => {
    const missing = Object.keys(SPEC_PATHS).filter((p) => !byPath.has(p));
    expect(missing).toEqual([]);
  });

  it('gives each area its docs/product.md §2 permission and each route its default child', () => {
    for (const [path, want] of Object.entries(SPEC_PATHS)) {
      const route = byPath.get(path)!;
      if (want.permission) expect(route.permissions[0], path).toBe(want.permission);
      if (want.default) expect(route.defaultChild, path).toBe(want.default);
    }
    // home, config and ocinsights need no area permission (docs/product.md §2 "none" / "not shown").
    for (const area of ['/home', '/config', '/ocinsights', '/auth']) expect(byPath.get(area)!.permissions).toEqual([]);
  });

  it('has a title in both languages for every route', () => {
    const lookup = (cat: unknown, key: string) =>
      key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], cat);
    const missing = flat.flatMap((r) =>
      [es, ptBR].filter((cat) => typeof lookup(cat, routeTitleKey(r.name)) !== 'string').map(() => r.name),
    );
    expect(missing).toEqual([]);
  });

  it('gives every screen of the manifest a page, and pages only routes the manifest names', () => {
    const nodes: { node: RouteNode; area: AreaRoute }[] = [];
    const walk = (node: RouteNode, area: AreaRoute) => {
      nodes.push({ node, area });
      node.children?.forEach((c) => walk(c, area));
    };
    ROUTES.forEach((a) => walk(a, a));
    expect(
      nodes.filter(({ node, area }) => !node.children?.length && !pageOf(node, area)).map(({ node }) => node.name),
    ).toEqual([]);
    const names = new Set(nodes.map(({ node }) => node.name));
    expect(Object.keys(PAGES).filter((name) => !names.has(name))).toEqual([]);
  });

  it('matches concrete URLs, including optional params and the folders alias', () => {
    expect(matchTable('/cbox/folders')?.at(-1)?.node.name).toBe('cbox.folders');
    expect(matchTable('/cbox/folders/12/99')?.at(-1)?.node.name).toBe('cbox.folders');
    expect(matchTable('/warranties/solicitud/crear')?.at(-1)?.node.name).toBe('warranties.solicitud-crear');
    expect(matchTable('/warranties/solicitud/31/oi/gestionar/4')?.at(-1)?.node.name).toBe(
      'warranties.solicitud.oi.gestionar',
    );
    expect(matchTable('/warranties/nada')).toBeUndefined();
  });
});

const user = (permisos: string[]): AuthUser => ({
  id: 1,
  username: 'admin',
  first_name: 'Carolina',
  last_name: 'Fuentes',
  full_name: 'Carolina Fuentes',
  email: 'c@x.cl',
  email_verified: true,
  signature_verified: false,
  signature_url: null,
  locale: 'es',
  kind: 'staff',
  settings: {},
  grupo: { id: 1, desc_grupo: 'Agente', permisos: Object.fromEntries(permisos.map((p) => [p, true])) },
  is_ryr: false,
  company: { id: 1, name: 'Inmobiliaria Cordillera', country: 'CL' },
  proyectos: [
    { id: 3, name: 'Edificio Parque', address_full: 'Av. 1', image_url: null, is_closed: false, is_blocked: false },
  ],
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function renderAt(route: string, permisos: string[] | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(authUserQuery.queryKey, permisos ? user(permisos) : null);
  return renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { route, queryClient },
  );
}

describe('router (docs/product.md §2)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reset();
    session.clearUser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('redirects / to auth.login', async () => {
    renderAt('/', null);
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login');
  }, 20_000);

  it('opens a module at its default child', async () => {
    mockFetch(() => ({ body: { data: [] } })); // whatever the module page asks for
    renderAt('/quality', ['modulo_calidad']);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/quality/gantt'), { timeout: 15_000 });
  }, 20_000);

  it('a module screen not built yet states it honestly under its route title', () => {
    renderWithProviders(<PendingPage />, { route: '/quality/construction-progress/list' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Actividades');
    expect(screen.getByTestId('module-pending').textContent).toContain(
      'Este módulo aún no está disponible en esta versión',
    );
    // An unbuilt module is not a project's configuration problem.
    expect(screen.getByTestId('module-pending').textContent).not.toMatch(/configura/i);
  });

  it('shows a no-permission page for a module the user may not open, and leaves it out of the sidebar', async () => {
    renderAt('/billing', ['modulo_postventa']);
    expect(await screen.findByTestId('no-permission', {}, { timeout: 15_000 })).toBeTruthy();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.querySelector('[data-testid="nav-billing"]')).toBeNull();
    expect(sidebar.querySelector('[data-testid="nav-warranties"]')).not.toBeNull();
    expect(sidebar.querySelector('[data-testid="nav-home"]')).not.toBeNull();
  }, 20_000);

  it('sends someone without modulo_biblioteca from /cbox and its folders to the activation page', async () => {
    mockFetch(() => ({
      body: { data: { modulo: 'biblioteca', status: 'inactivo', label: 'Inactivo', is_active: false } },
    }));
    renderAt('/cbox/folders/12/99', ['modulo_postventa']);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cbox/activation'), { timeout: 15_000 });
    expect(await screen.findByTestId('cbox-activation', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('sidebar').querySelector('[data-testid="nav-cbox"]')).toBeNull();
  }, 20_000);

  it('opens /cbox at the activation page for someone without the module', async () => {
    mockFetch(() => ({
      body: { data: { modulo: 'biblioteca', status: 'inactivo', label: 'Inactivo', is_active: false } },
    }));
    renderAt('/cbox', ['modulo_postventa']);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cbox/activation'), { timeout: 15_000 });
  }, 20_000);

  it('sends unknown paths to the catch-all page', async () => {
    renderAt('/esto/no/existe', ['modulo_postventa']);
    expect(await screen.findByTestId('catch-all', {}, { timeout: 15_000 })).toBeTruthy();
  }, 20_000);

  it('sends a signed-out visitor of a module to the login, keeping where they wanted to go', async () => {
    renderAt('/warranties/fichas', null);
    await screen.findByTestId('login-form', {}, { timeout: 15_000 });
    expect(screen.getByTestId('where').textContent).toBe('/auth/login?redirect=%2Fwarranties%2Ffichas');
  }, 20_000);
});

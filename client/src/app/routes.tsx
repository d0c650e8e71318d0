import { lazyPage, type PageComponent } from '../shared/lazy-page.tsx';
import type { AreaName, AreaRoute, RouteNode } from '../shared/route-manifest.ts';

/**
 * The shell's half of the route table: the page each route of the manifest (shared/route-manifest.ts:
 * paths, names, permissions, defaults) renders. The router builds from both; nothing else imports pages.
 * Module pages are lazy chunks imported through each module's index.ts (one chunk per module, 120 s
 * timeout). A node with a page renders it (a layout renders its children through an outlet); a node
 * without one renders its children, or as a leaf its area's page, else the pending page.
 */

// Login and home are the first load (docs/architecture.md §6): they need only the first-load strings.
const firstLoad = { firstLoad: true } as const;
const auth = {
  login: lazyPage(() => import('../modules/auth/index.ts'), 'LoginPage', firstLoad),
  forgot: lazyPage(() => import('../modules/auth/index.ts').then((m) => m.loadForgotPasswordPage()), 'ForgotPasswordPage', firstLoad),
  reset: lazyPage(() => import('../modules/auth/index.ts').then((m) => m.loadResetPasswordPage()), 'ResetPasswordPage', firstLoad),
};
const home = {
  layout: lazyPage(() => import('../modules/home/index.ts'), 'HomeLayout', firstLoad),
  proyectos: lazyPage(() => import('../modules/home/index.ts'), 'ProyectosPage', firstLoad),
  tareas: lazyPage(() => import('../modules/home/index.ts'), 'TareasPage', firstLoad),
};
const config = {
  layout: lazyPage(() => import('../modules/config/index.ts'), 'ConfigLayout'),
  cuenta: lazyPage(() => import('../modules/config/index.ts'), 'CuentaPage'),
  pending: lazyPage(() => import('../modules/config/index.ts'), 'ConfigPendingPage'),
};
const notifications = {
  configuracion: lazyPage(() => import('../modules/notifications/index.ts'), 'ConfiguracionPage'),
  recibidas: lazyPage(() => import('../modules/notifications/index.ts'), 'RecibidasPage'),
};
// Module screens still to be built: each module's pending page states it honestly (no fake data).
const concrete = lazyPage(() => import('../modules/concrete/index.ts'), 'ConcretePage');
const cbox = lazyPage(() => import('../modules/cbox/index.ts'), 'CboxPage');
const cmanagement = lazyPage(() => import('../modules/cmanagement/index.ts'), 'CmanagementPage');
const quality = lazyPage(() => import('../modules/quality/index.ts'), 'QualityPage');
const verifications = lazyPage(() => import('../modules/verifications/index.ts'), 'VerificationsPage');
const w = {
  layout: lazyPage(() => import('../modules/warranties/index.ts'), 'WarrantiesLayout'),
  solicitudes: lazyPage(() => import('../modules/warranties/index.ts'), 'SolicitudesPage'),
  crear: lazyPage(() => import('../modules/warranties/index.ts'), 'SolicitudCrearPage'),
  solicitud: lazyPage(() => import('../modules/warranties/index.ts'), 'SolicitudLayout'),
  actividad: lazyPage(() => import('../modules/warranties/index.ts'), 'ActividadTab'),
  fallas: lazyPage(() => import('../modules/warranties/index.ts'), 'FallasTab'),
  orders: lazyPage(() => import('../modules/warranties/index.ts'), 'OrdersTab'),
  orderForm: lazyPage(() => import('../modules/warranties/index.ts'), 'OrderFormTab'),
  orderManage: lazyPage(() => import('../modules/warranties/index.ts'), 'OrderManageTab'),
  ac: lazyPage(() => import('../modules/warranties/index.ts'), 'AcTab'),
  agenda: lazyPage(() => import('../modules/warranties/index.ts'), 'AgendaPage'),
  board: lazyPage(() => import('../modules/warranties/index.ts'), 'BoardPage'),
  efficiency: lazyPage(() => import('../modules/warranties/index.ts'), 'EfficiencyPage'),
  statistics: lazyPage(() => import('../modules/warranties/index.ts'), 'StatisticsPage'),
};
// Deliveries: the fichas list, ficha/{unitId} and its tabs, and the owners' configuration.
const fi = {
  fichas: lazyPage(() => import('../modules/warranties/index.ts'), 'FichasPage'),
  ficha: lazyPage(() => import('../modules/warranties/index.ts'), 'FichaLayout'),
};
const fichaTabs = {
  propietarios: lazyPage(() => import('../modules/warranties/index.ts'), 'PropietariosTab'),
  revision: lazyPage(() => import('../modules/warranties/index.ts'), 'RevisionTab'),
  detalles: lazyPage(() => import('../modules/warranties/index.ts'), 'DetallesTab'),
  accesorios: lazyPage(() => import('../modules/warranties/index.ts'), 'AccesoriosTab'),
  archivos: lazyPage(() => import('../modules/warranties/index.ts'), 'ArchivosTab'),
  'vista-previa-acta': lazyPage(() => import('../modules/warranties/index.ts'), 'ActaTab'),
  recepcion: lazyPage(() => import('../modules/warranties/index.ts'), 'RecepcionTab'),
  solicitudes: lazyPage(() => import('../modules/warranties/index.ts'), 'SolicitudesTab'),
  actividad: lazyPage(() => import('../modules/warranties/index.ts'), 'FichaActividadTab'),
};
const owners = {
  layout: lazyPage(() => import('../modules/config/index.ts'), 'PropietariosConfigLayout'),
};
const ownerTabs = {
  global: lazyPage(() => import('../modules/config/index.ts'), 'GlobalConfigPage'),
  general: lazyPage(() => import('../modules/config/index.ts'), 'GeneralConfigPage'),
  logo: lazyPage(() => import('../modules/config/index.ts'), 'LogoConfigPage'),
  planos: lazyPage(() => import('../modules/config/index.ts'), 'PlanosConfigPage'),
  iframe: lazyPage(() => import('../modules/config/index.ts'), 'IframeConfigPage'),
};
// The owner portal (docs/product.md#owner-portal): public area outside the staff layout, its own chunk.
const portal = {
  layout: lazyPage(() => import('../modules/portal/index.ts'), 'PortalLayout'),
  login: lazyPage(() => import('../modules/portal/index.ts'), 'PortalLoginPage'),
  access: lazyPage(() => import('../modules/portal/index.ts'), 'PortalAccessPage'),
  home: lazyPage(() => import('../modules/portal/index.ts'), 'PortalHomePage'),
  create: lazyPage(() => import('../modules/portal/index.ts'), 'PortalCreatePage'),
  ticket: lazyPage(() => import('../modules/portal/index.ts'), 'PortalTicketPage'),
};
const billing = lazyPage(() => import('../modules/billing/index.ts'), 'BillingPage');
const ocinsights = lazyPage(() => import('../modules/ocinsights/index.ts'), 'OcinsightsPage');
const tiinsights = lazyPage(() => import('../modules/tiinsights/index.ts'), 'TiinsightsPage');
export const catchAllPage = lazyPage(() => import('../modules/catch-all/index.ts'), 'CatchAllPage', firstLoad);

/** `{tab: page}` as `{'<prefix>.<tab>': page}`. */
const under = (prefix: string, pages: Record<string, PageComponent>) =>
  Object.fromEntries(Object.entries(pages).map(([segment, page]) => [`${prefix}.${segment}`, page]));

/** List / crear / editar / gestionar of inspection and work orders. */
const orderPages = (kind: 'oi' | 'ot') => under(`warranties.solicitud.${kind}`, { list: w.orders, crear: w.orderForm, editar: w.orderForm, gestionar: w.orderManage });

/** Pages by route name: the screens and layouts of their own. */
export const PAGES: Readonly<Record<string, PageComponent>> = {
  ...under('auth', { login: auth.login, 'forgotten-password': auth.forgot, reset: auth.reset }),
  home: home.layout,
  ...under('home', { proyectos: home.proyectos, tareas: home.tareas }),
  warranties: w.layout,
  ...under('warranties.dashboard', { solicitudes: w.board, eficiencia: w.efficiency }),
  ...under('warranties', { solicitudes: w.solicitudes, 'solicitud-crear': w.crear, solicitud: w.solicitud, agenda: w.agenda, fichas: fi.fichas, ficha: fi.ficha, estadisticas: w.statistics }),
  ...under('warranties.solicitud', { actividad: w.actividad, fallas: w.fallas, ac: w.ac }),
  ...orderPages('oi'),
  ...orderPages('ot'),
  ...under('warranties.ficha', fichaTabs),
  portal: portal.layout,
  ...under('portal', { ingresar: portal.login, acceso: portal.access, inicio: portal.home, nueva: portal.create, solicitud: portal.ticket }),
  config: config.layout,
  'config.cuenta': config.cuenta,
  ...under('config.notificaciones', notifications),
  'config.propietarios': owners.layout,
  ...under('config.propietarios', ownerTabs),
};

/** Every leaf of these areas not in PAGES renders the area's page: the module's pending page, or config's. */
const AREA_PAGES: Partial<Record<AreaName, PageComponent>> = {
  concrete, cbox, cmanagement, quality, verifications, billing, ocinsights, tiinsights, config: config.pending,
};

/** The page a node of the manifest renders, if any. */
export function pageOf(node: RouteNode, area: AreaRoute): PageComponent | undefined {
  return PAGES[node.name] ?? (node.children?.length ? undefined : AREA_PAGES[area.area]);
}

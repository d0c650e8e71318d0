import type { NavIcon } from './layout/nav-icons.tsx';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import { lazyPage, type PageComponent } from '../shared/lazy-page.tsx';

/**
 * The route table of docs/product.md §2: every path, its permission and its default child, in one typed
 * place. The router, the sidebar, the remembered-route logic and the route test all read it.
 * Each node's title is the locale key `routes.<name>`. A node without `page` renders its children
 * (or, as a leaf, the module's pending page). Module pages are lazy chunks (120 s timeout).
 */
export type RouteNode = {
  /** Segment relative to the parent (react-router syntax, `:id?` optional); absent on index nodes. */
  path?: string;
  index?: true;
  /** Dotted route name, e.g. `warranties.solicitud.oi.crear`. */
  name: string;
  /** docs/product.md §6 expression checked before the node renders. */
  permission?: string;
  /** Segment the node redirects to when opened without a child. */
  defaultChild?: string;
  page?: PageComponent;
  children?: RouteNode[];
};

export type AreaName = 'auth' | 'home' | 'config' | 'concrete' | 'cbox' | 'cmanagement' | 'quality' | 'verifications' | 'warranties' | 'billing' | 'ocinsights' | 'tiinsights' | 'portal';

export type AreaRoute = RouteNode & {
  path: `/${string}`;
  area: AreaName;
  /** Shown in the sidebar with this icon when the user may open it. */
  icon?: NavIcon;
  /** Public areas render without the app layout and without a session. */
  isPublic?: boolean;
  /** docs/product.md §2: the last visited route of the area is restored when the area is opened. */
  remembers: boolean;
};

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

/** Leaves named `<prefix>.<segment>` sharing one page. */
const leaves = (prefix: string, page: PageComponent | undefined, ...segments: string[]): RouteNode[] =>
  segments.map((s) => ({ path: s, name: `${prefix}.${s}`, page }));

/**
 * Warranties child permissions, the server's guards mirrored (docs/product.md#warranties-sub-routes):
 * the whole module needs modulo_entregas|modulo_postventa; after-sales screens need modulo_postventa;
 * the dashboards and statistics need what server warranties/dashboards/routes.ts asks of their calls;
 * creating a ticket needs postventa_crear (server tickets/routes.ts); the delivery records need
 * modulo_entregas.
 */
export const WARRANTY_PERMISSIONS = {
  afterSales: 'modulo_postventa',
  dashboards: 'postventa_supervisar|postventa_gestionar',
  createTicket: 'modulo_postventa&postventa_crear',
  deliveries: 'modulo_entregas',
} as const;
const wp = WARRANTY_PERMISSIONS;

/** List / crear / editar / gestionar of inspection and work orders (docs/product.md §2 warranties). */
const orderRoutes = (kind: 'oi' | 'ot', idParam: string): RouteNode => ({
  path: kind, name: `warranties.solicitud.${kind}`, children: [
    { index: true, name: `warranties.solicitud.${kind}.list`, page: w.orders },
    { path: 'crear', name: `warranties.solicitud.${kind}.crear`, page: w.orderForm },
    { path: `editar/:${idParam}`, name: `warranties.solicitud.${kind}.editar`, page: w.orderForm },
    { path: `gestionar/:${idParam}`, name: `warranties.solicitud.${kind}.gestionar`, page: w.orderManage },
  ],
});

export const ROUTES: AreaRoute[] = [
  {
    path: '/auth', area: 'auth', name: 'auth', isPublic: true, remembers: false, defaultChild: 'login', children: [
      { path: 'login', name: 'auth.login', page: auth.login },
      { path: 'forgotten-password', name: 'auth.forgotten-password', page: auth.forgot },
      { path: 'reset', name: 'auth.reset', page: auth.reset },
    ],
  },
  {
    path: '/home', area: 'home', name: 'home', icon: 'House', remembers: true, defaultChild: 'proyectos', page: home.layout, children: [
      { path: 'proyectos', name: 'home.proyectos', page: home.proyectos },
      { path: 'tareas', name: 'home.tareas', page: home.tareas },
    ],
  },
  {
    path: '/concrete', area: 'concrete', name: 'concrete', icon: 'Construction', remembers: true,
    permission: MODULE_PERMISSIONS.concrete, defaultChild: 'uploader',
    children: leaves('concrete', concrete, 'uploader', 'placements', 'advanceBim'),
  },
  {
    path: '/cbox', area: 'cbox', name: 'cbox', icon: 'FolderOpen', remembers: true, permission: MODULE_PERMISSIONS.cbox, defaultChild: 'folders',
    children: [
      // 'folders' alone is the alias of the explorer root.
      { path: 'folders/:folderId?/:fileId?', name: 'cbox.folders', page: cbox },
      { path: 'activation', name: 'cbox.activation', page: cbox },
    ],
  },
  {
    path: '/cmanagement', area: 'cmanagement', name: 'cmanagement', icon: 'SquareKanban', remembers: true,
    permission: MODULE_PERMISSIONS.cmanagement, defaultChild: 'tickets', children: [
      { path: 'tickets', name: 'cmanagement.tickets', children: [
        { index: true, name: 'cmanagement.tickets.list', page: cmanagement },
        { path: ':ticketId', name: 'cmanagement.ticket', defaultChild: 'general', children: [
          { path: 'general', name: 'cmanagement.ticket.general', page: cmanagement },
          { path: 'issues/:issueId', name: 'cmanagement.ticket.issue', page: cmanagement },
        ] },
      ] },
      { path: 'schedule', name: 'cmanagement.schedule', page: cmanagement },
    ],
  },
  {
    path: '/quality', area: 'quality', name: 'quality', icon: 'ClipboardCheck', remembers: true,
    permission: MODULE_PERMISSIONS.quality, defaultChild: 'gantt', children: [
      { path: 'bim/:modelId?', name: 'quality.bim', page: quality },
      { path: 'gantt', name: 'quality.gantt', page: quality },
      { path: 'construction-progress', name: 'quality.construction-progress', defaultChild: 'list', children: [
        { path: 'list', name: 'quality.construction-progress.list', page: quality },
        { path: 'gantt', name: 'quality.construction-progress.gantt', page: quality },
        { path: 'bim/:modelId?', name: 'quality.construction-progress.bim', page: quality },
      ] },
    ],
  },
  {
    path: '/verifications', area: 'verifications', name: 'verifications', icon: 'ListChecks', remembers: true,
    permission: MODULE_PERMISSIONS.verifications, defaultChild: 'gantt',
    children: leaves('verifications', verifications, 'uploader', 'gantt'),
  },
  {
    path: '/warranties', area: 'warranties', name: 'warranties', icon: 'KeyRound', remembers: true,
    // The layout carries the module's sub-navigation. Children are listed in the order the module
    // entry falls back through when the default (dashboard) is not open to the user (route-memory.ts).
    permission: MODULE_PERMISSIONS.warranties, defaultChild: 'dashboard', page: w.layout, children: [
      { path: 'dashboard', name: 'warranties.dashboard', permission: wp.dashboards, defaultChild: 'solicitudes', children: [
        { path: 'solicitudes', name: 'warranties.dashboard.solicitudes', page: w.board },
        { path: 'eficiencia', name: 'warranties.dashboard.eficiencia', page: w.efficiency },
      ] },
      { path: 'solicitudes', name: 'warranties.solicitudes', permission: wp.afterSales, page: w.solicitudes },
      { path: 'solicitud/crear', name: 'warranties.solicitud-crear', permission: wp.createTicket, page: w.crear },
      { path: 'solicitud/:solicitudId', name: 'warranties.solicitud', permission: wp.afterSales, defaultChild: 'actividad', page: w.solicitud, children: [
        { path: 'actividad', name: 'warranties.solicitud.actividad', page: w.actividad },
        { path: 'fallas', name: 'warranties.solicitud.fallas', page: w.fallas },
        orderRoutes('oi', 'oiId'),
        orderRoutes('ot', 'otId'),
        { path: 'ac', name: 'warranties.solicitud.ac', page: w.ac },
      ] },
      { path: 'agenda', name: 'warranties.agenda', permission: wp.afterSales, page: w.agenda },
      { path: 'fichas', name: 'warranties.fichas', permission: wp.deliveries, page: fi.fichas },
      { path: 'ficha/:unitId', name: 'warranties.ficha', permission: wp.deliveries, defaultChild: 'propietarios', page: fi.ficha,
        children: (['propietarios', 'revision', 'detalles', 'accesorios', 'archivos', 'vista-previa-acta', 'recepcion', 'solicitudes', 'actividad'] as const)
          .map((tab) => ({ path: tab, name: `warranties.ficha.${tab}`, page: fi[tab] })) },
      { path: 'estadisticas', name: 'warranties.estadisticas', permission: wp.dashboards, page: w.statistics },
    ],
  },
  {
    path: '/portal', area: 'portal', name: 'portal', isPublic: true, remembers: false, defaultChild: 'inicio', page: portal.layout, children: [
      { path: 'ingresar', name: 'portal.ingresar', page: portal.login },
      { path: 'acceso', name: 'portal.acceso', page: portal.access },
      { path: 'inicio', name: 'portal.inicio', page: portal.home },
      { path: 'solicitud/nueva', name: 'portal.nueva', page: portal.create },
      { path: 'solicitud/:solicitudId', name: 'portal.solicitud', page: portal.ticket },
    ],
  },
  { path: '/billing', area: 'billing', name: 'billing', icon: 'Receipt', remembers: false, permission: MODULE_PERMISSIONS.billing, page: billing },
  {
    path: '/ocinsights', area: 'ocinsights', name: 'ocinsights', icon: 'ChartColumn', remembers: true, defaultChild: 'usabilidad',
    children: [{ path: 'usabilidad', name: 'ocinsights.usabilidad', page: ocinsights }],
  },
  { path: '/tiinsights', area: 'tiinsights', name: 'tiinsights', icon: 'Database', remembers: false, permission: MODULE_PERMISSIONS.tiinsights, page: tiinsights },
  {
    path: '/config', area: 'config', name: 'config', icon: 'Settings', remembers: true, defaultChild: 'cuenta', page: config.layout,
    children: configChildren(),
  },
];

/** Config sub-routes (docs/product.md §2). Section permissions are ours (docs/decisions.md): the spec does not show them. */
function configChildren(): RouteNode[] {
  const p = config.pending;
  return [
    { path: 'cuenta', name: 'config.cuenta', page: config.cuenta },
    { path: 'notificaciones', name: 'config.notificaciones', permission: 'ver_notificaciones', defaultChild: 'recibidas',
      children: [
        { path: 'configuracion', name: 'config.notificaciones.configuracion', page: notifications.configuracion },
        { path: 'recibidas', name: 'config.notificaciones.recibidas', page: notifications.recibidas },
      ] },
    { path: 'cargos', name: 'config.cargos', permission: 'config_cargos', page: p },
    { path: 'permisos', name: 'config.permisos', permission: 'config_permisos', page: p },
    { path: 'usuarios', name: 'config.usuarios', permission: 'config_usuarios', page: p },
    { path: 'trabajadores', name: 'config.trabajadores', permission: 'config_usuarios', page: p },
    { path: 'cursos', name: 'config.cursos', permission: 'config_cursos', page: p },
    { path: 'integraciones', name: 'config.integraciones', permission: 'config_integraciones', children: [
      { index: true, name: 'config.integraciones.index', page: p },
      ...leaves('config.integraciones', p, 'api', 'webhooks'),
      { path: 'apps', name: 'config.integraciones.apps', children: [
        { index: true, name: 'config.integraciones.apps.list', page: p },
        { path: ':appId', name: 'config.integraciones.app', defaultChild: 'hooks',
          children: leaves('config.integraciones.app', p, 'hooks', 'logs') },
      ] },
      ...leaves('config.integraciones', p, 'procore', 'hubspot', 'bim', 'scheduling'),
    ] },
    { path: 'projects', name: 'config.projects', permission: 'config_proyectos', defaultChild: 'models',
      children: leaves('config.projects', p, 'models') },
    { path: 'recepciones', name: 'config.recepciones', permission: 'config_recepciones', page: p },
    { path: 'cmanagement', name: 'config.cmanagement', permission: MODULE_PERMISSIONS.cmanagement, defaultChild: 'custom-fields',
      children: leaves('config.cmanagement', p, 'custom-fields', 'tasks', 'categories') },
    { path: 'calidad', name: 'config.calidad', permission: MODULE_PERMISSIONS.quality, defaultChild: 'attributes',
      children: leaves('config.calidad', p, 'attributes') },
    { path: 'hormigon', name: 'config.hormigon', permission: MODULE_PERMISSIONS.concrete, defaultChild: 'concreto',
      children: leaves('config.hormigon', p, 'concreto', 'empresas-y-tipos', 'lotes') },
    { path: 'propietarios', name: 'config.propietarios', permission: 'config_propietarios', defaultChild: 'global', page: owners.layout,
      children: (['global', 'general', 'logo', 'planos', 'iframe'] as const).map((tab) => ({ path: tab, name: `config.propietarios.${tab}`, page: owners[tab] })) },
  ];
}

export const areaOf = (name: AreaName) => ROUTES.find((r) => r.area === name)!;

/** Locale key of a route's title (`routes.<name>.title`, so a parent and its children can nest). */
export const routeTitleKey = (name: string) => `routes.${name}.title`;

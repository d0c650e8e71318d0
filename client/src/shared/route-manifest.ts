import {
  can,
  CONFIG_AUDIT,
  CONFIG_COURSES,
  CONFIG_WORKERS,
  MODULE_PERMISSIONS,
  type PermissionSet,
} from '#domain/permissions';

/**
 * The route manifest of docs/product.md §2: every path, its name, its permission and its default child,
 * in one typed place, with no page and no React element, so the shell and the modules can both read it.
 * The shell (client/src/app/routes.tsx) gives the nodes their pages and builds the router from it; the
 * sidebar, the remembered-route logic, the page titles and the route test read it too. Each node's
 * title is the locale key `routes.<name>.title`.
 */
export type RouteNode = {
  /** Segment relative to the parent (react-router syntax, `:id?` optional); absent on index nodes. */
  path?: string;
  index?: true;
  /** Dotted route name, e.g. `warranties.solicitud.oi.crear`; the shell finds the node's page by it. */
  name: string;
  /** docs/product.md §6 expression checked before the node renders. */
  permission?: string;
  /** Where a user without `permission` is sent instead of the no-permission page (an absolute path). */
  redirectWhenDenied?: `/${string}`;
  /** Segment the node redirects to when opened without a child. */
  defaultChild?: string;
  children?: RouteNode[];
};

export type AreaName =
  | 'auth'
  | 'home'
  | 'config'
  | 'concrete'
  | 'cbox'
  | 'cmanagement'
  | 'quality'
  | 'verifications'
  | 'warranties'
  | 'billing'
  | 'ocinsights'
  | 'tiinsights'
  | 'portal'
  | 'cbox-link';

/**
 * The sidebar's icon of an area, by name: the shell maps names to icons (app/layout/nav-icons.tsx), so
 * the login page, which loads the manifest and not the sidebar, does not carry them (docs/architecture.md §6).
 */
export type NavIcon =
  | 'House'
  | 'Construction'
  | 'FolderOpen'
  | 'SquareKanban'
  | 'ClipboardCheck'
  | 'ListChecks'
  | 'KeyRound'
  | 'Receipt'
  | 'ChartColumn'
  | 'Database'
  | 'Settings';

export type AreaRoute = RouteNode & {
  path: `/${string}`;
  area: AreaName;
  /** Shown in the sidebar with this icon when the user may open it. */
  icon?: NavIcon;
  /** Shown in the sidebar only with this permission, when the area itself asks for none (Cbox: its activation page). */
  navPermission?: string;
  /** Public areas render without the app layout and without a session. */
  isPublic?: boolean;
  /** docs/product.md §2: the last visited route of the area is restored when the area is opened. */
  remembers: boolean;
};

/** Leaves named `<prefix>.<segment>`. */
const leaves = (prefix: string, ...segments: string[]): RouteNode[] =>
  segments.map((s) => ({ path: s, name: `${prefix}.${s}` }));

/**
 * The /warranties area's child permissions, the server's guards mirrored (docs/product.md#warranties-sub-routes):
 * the whole module needs modulo_entregas|modulo_postventa; after-sales screens need modulo_postventa;
 * the dashboards and statistics need what server after-sales/dashboards/routes.ts asks of their calls;
 * creating a ticket needs postventa_crear (server tickets/routes.ts); the delivery records need
 * modulo_entregas.
 */
export const WARRANTIES_AREA_PERMISSIONS = {
  afterSales: 'modulo_postventa',
  dashboards: 'postventa_supervisar|postventa_gestionar',
  createTicket: 'modulo_postventa&postventa_crear',
  deliveries: 'modulo_entregas',
} as const;
const wp = WARRANTIES_AREA_PERMISSIONS;

/** The tabs of a delivery record, ficha/{unitId} (docs/product.md §2 warranties). */
const FICHA_TABS = [
  'propietarios',
  'revision',
  'detalles',
  'accesorios',
  'archivos',
  'vista-previa-acta',
  'recepcion',
  'solicitudes',
  'actividad',
] as const;
/** The owners' configuration sections, config/propietarios (docs/product.md §2 config). */
const OWNER_CONFIG_TABS = ['global', 'general', 'logo', 'planos', 'iframe'] as const;

/** List / crear / editar / gestionar of inspection and work orders (docs/product.md §2 warranties). */
const orderRoutes = (kind: 'oi' | 'ot', idParam: string): RouteNode => ({
  path: kind,
  name: `warranties.solicitud.${kind}`,
  children: [
    { index: true, name: `warranties.solicitud.${kind}.list` },
    { path: 'crear', name: `warranties.solicitud.${kind}.crear` },
    { path: `editar/:${idParam}`, name: `warranties.solicitud.${kind}.editar` },
    { path: `gestionar/:${idParam}`, name: `warranties.solicitud.${kind}.gestionar` },
  ],
});

export const ROUTES: AreaRoute[] = [
  {
    path: '/auth',
    area: 'auth',
    name: 'auth',
    isPublic: true,
    remembers: false,
    defaultChild: 'login',
    children: leaves('auth', 'login', 'forgotten-password', 'reset'),
  },
  {
    path: '/home',
    area: 'home',
    name: 'home',
    icon: 'House',
    remembers: true,
    defaultChild: 'proyectos',
    children: leaves('home', 'proyectos', 'tareas'),
  },
  {
    path: '/concrete',
    area: 'concrete',
    name: 'concrete',
    icon: 'Construction',
    remembers: true,
    permission: MODULE_PERMISSIONS.concrete,
    defaultChild: 'uploader',
    children: [
      { path: 'uploader', name: 'concrete.uploader' },
      {
        path: 'placements',
        name: 'concrete.placements',
        defaultChild: 'list',
        children: [
          { path: 'list', name: 'concrete.placements.list' },
          { path: 'lotes', name: 'concrete.placements.lotes' },
          { path: 'lotes/:batchId', name: 'concrete.placements.lote' },
          { path: ':placementId', name: 'concrete.placements.placement' },
        ],
      },
      { path: 'advanceBim', name: 'concrete.advanceBim' },
    ],
  },
  {
    path: '/cbox',
    area: 'cbox',
    name: 'cbox',
    icon: 'FolderOpen',
    remembers: true,
    // docs/product.md §2 modulo_biblioteca guards the library, not the area: the session drops it while the company's
    // module is off, and activation is where those without it are sent (so the area's entry lands them there too).
    // The sidebar still lists Cbox only for those who hold it.
    navPermission: MODULE_PERMISSIONS.cbox,
    defaultChild: 'folders',
    children: [
      // 'folders' alone is the alias of the explorer root.
      {
        path: 'folders/:folderId?/:fileId?',
        name: 'cbox.folders',
        permission: MODULE_PERMISSIONS.cbox,
        redirectWhenDenied: '/cbox/activation',
      },
      { path: 'activation', name: 'cbox.activation' },
    ],
  },
  {
    path: '/cmanagement',
    area: 'cmanagement',
    name: 'cmanagement',
    icon: 'SquareKanban',
    remembers: true,
    permission: MODULE_PERMISSIONS.cmanagement,
    defaultChild: 'tickets',
    children: [
      {
        path: 'tickets',
        name: 'cmanagement.tickets',
        children: [
          { index: true, name: 'cmanagement.tickets.list' },
          {
            path: ':ticketId',
            name: 'cmanagement.ticket',
            defaultChild: 'general',
            children: [
              { path: 'general', name: 'cmanagement.ticket.general' },
              { path: 'issues', name: 'cmanagement.ticket.issues' },
              { path: 'issues/:issueId', name: 'cmanagement.ticket.issue' },
              { path: 'tasks', name: 'cmanagement.ticket.tasks' },
            ],
          },
        ],
      },
      { path: 'schedule', name: 'cmanagement.schedule' },
    ],
  },
  {
    path: '/quality',
    area: 'quality',
    name: 'quality',
    icon: 'ClipboardCheck',
    remembers: true,
    permission: MODULE_PERMISSIONS.quality,
    defaultChild: 'gantt',
    children: [
      { path: 'bim/:modelId?', name: 'quality.bim' },
      { path: 'gantt', name: 'quality.gantt' },
      {
        path: 'construction-progress',
        name: 'quality.construction-progress',
        defaultChild: 'list',
        children: [
          { path: 'list', name: 'quality.construction-progress.list' },
          { path: 'gantt', name: 'quality.construction-progress.gantt' },
          { path: 'bim/:modelId?', name: 'quality.construction-progress.bim' },
        ],
      },
    ],
  },
  {
    path: '/verifications',
    area: 'verifications',
    name: 'verifications',
    icon: 'ListChecks',
    remembers: true,
    permission: MODULE_PERMISSIONS.verifications,
    defaultChild: 'gantt',
    children: [
      ...leaves('verifications', 'uploader', 'gantt', 'seguimientos'),
      { path: 'recepcion/:receptionId', name: 'verifications.recepcion' },
    ],
  },
  {
    path: '/warranties',
    area: 'warranties',
    name: 'warranties',
    icon: 'KeyRound',
    remembers: true,
    // The layout carries the module's sub-navigation. Children are listed in the order the module
    // entry falls back through when the default (dashboard) is not open to the user (route-memory.ts).
    permission: MODULE_PERMISSIONS.warranties,
    defaultChild: 'dashboard',
    children: [
      {
        path: 'dashboard',
        name: 'warranties.dashboard',
        permission: wp.dashboards,
        defaultChild: 'solicitudes',
        children: leaves('warranties.dashboard', 'solicitudes', 'eficiencia'),
      },
      { path: 'solicitudes', name: 'warranties.solicitudes', permission: wp.afterSales },
      { path: 'solicitud/crear', name: 'warranties.solicitud-crear', permission: wp.createTicket },
      {
        path: 'solicitud/:solicitudId',
        name: 'warranties.solicitud',
        permission: wp.afterSales,
        defaultChild: 'actividad',
        children: [
          ...leaves('warranties.solicitud', 'actividad', 'fallas'),
          orderRoutes('oi', 'oiId'),
          orderRoutes('ot', 'otId'),
          ...leaves('warranties.solicitud', 'ac'),
        ],
      },
      { path: 'agenda', name: 'warranties.agenda', permission: wp.afterSales },
      { path: 'fichas', name: 'warranties.fichas', permission: wp.deliveries },
      {
        path: 'ficha/:unitId',
        name: 'warranties.ficha',
        permission: wp.deliveries,
        defaultChild: 'propietarios',
        children: leaves('warranties.ficha', ...FICHA_TABS),
      },
      { path: 'estadisticas', name: 'warranties.estadisticas', permission: wp.dashboards },
    ],
  },
  {
    path: '/portal',
    area: 'portal',
    name: 'portal',
    isPublic: true,
    remembers: false,
    defaultChild: 'inicio',
    children: [
      ...leaves('portal', 'ingresar', 'acceso', 'inicio'),
      { path: 'solicitud/nueva', name: 'portal.nueva' },
      { path: 'solicitud/:solicitudId', name: 'portal.solicitud' },
    ],
  },
  {
    // A Cbox share link as people outside the company open it (client/src/modules/cbox/public-link/): no session.
    path: '/compartido',
    area: 'cbox-link',
    name: 'compartido',
    isPublic: true,
    remembers: false,
    children: [{ path: ':token', name: 'compartido.token' }],
  },
  {
    path: '/billing',
    area: 'billing',
    name: 'billing',
    icon: 'Receipt',
    remembers: false,
    permission: MODULE_PERMISSIONS.billing,
  },
  {
    path: '/ocinsights',
    area: 'ocinsights',
    name: 'ocinsights',
    icon: 'ChartColumn',
    remembers: true,
    defaultChild: 'usabilidad',
    children: leaves('ocinsights', 'usabilidad'),
  },
  {
    path: '/tiinsights',
    area: 'tiinsights',
    name: 'tiinsights',
    icon: 'Database',
    remembers: false,
    permission: MODULE_PERMISSIONS.tiinsights,
    defaultChild: 'empresas',
    children: [
      ...leaves('tiinsights', 'empresas', 'exportaciones'),
      { path: 'empresa/:companyId', name: 'tiinsights.empresa' },
    ],
  },
  {
    path: '/config',
    area: 'config',
    name: 'config',
    icon: 'Settings',
    remembers: true,
    defaultChild: 'cuenta',
    children: configChildren(),
  },
];

/** Config sub-routes (docs/product.md §2). Section permissions are ours (docs/decisions.md): the spec does not show them. */
function configChildren(): RouteNode[] {
  return [
    { path: 'cuenta', name: 'config.cuenta' },
    {
      path: 'notificaciones',
      name: 'config.notificaciones',
      permission: 'ver_notificaciones',
      defaultChild: 'recibidas',
      children: leaves('config.notificaciones', 'configuracion', 'recibidas'),
    },
    { path: 'cargos', name: 'config.cargos', permission: 'config_cargos' },
    { path: 'permisos', name: 'config.permisos', permission: 'config_permisos' },
    { path: 'usuarios', name: 'config.usuarios', permission: 'config_usuarios' },
    { path: 'trabajadores', name: 'config.trabajadores', permission: CONFIG_WORKERS },
    { path: 'cursos', name: 'config.cursos', permission: CONFIG_COURSES },
    // A user's own courses (docs/product.md §1): every signed-in user; the home tasks link here.
    { path: 'mis-cursos', name: 'config.mis-cursos' },
    // A user's own calendar subscription (the scheduling tool): every signed-in staff user; the agenda links here.
    { path: 'mi-calendario', name: 'config.mi-calendario' },
    { path: 'auditoria', name: 'config.auditoria', permission: CONFIG_AUDIT },
    {
      path: 'integraciones',
      name: 'config.integraciones',
      permission: 'config_integraciones',
      children: [
        { index: true, name: 'config.integraciones.index' },
        ...leaves('config.integraciones', 'api', 'webhooks'),
        {
          path: 'apps',
          name: 'config.integraciones.apps',
          children: [
            { index: true, name: 'config.integraciones.apps.list' },
            {
              path: ':appId',
              name: 'config.integraciones.app',
              defaultChild: 'hooks',
              children: leaves('config.integraciones.app', 'hooks', 'logs'),
            },
          ],
        },
        ...leaves('config.integraciones', 'procore', 'hubspot', 'bim', 'scheduling'),
      ],
    },
    {
      path: 'projects',
      name: 'config.projects',
      permission: 'config_proyectos',
      defaultChild: 'models',
      children: leaves('config.projects', 'models'),
    },
    { path: 'recepciones', name: 'config.recepciones', permission: 'config_recepciones' },
    {
      path: 'cmanagement',
      name: 'config.cmanagement',
      permission: MODULE_PERMISSIONS.cmanagement,
      defaultChild: 'custom-fields',
      children: leaves('config.cmanagement', 'custom-fields', 'tasks', 'categories'),
    },
    {
      path: 'calidad',
      name: 'config.calidad',
      permission: MODULE_PERMISSIONS.quality,
      defaultChild: 'attributes',
      children: leaves('config.calidad', 'attributes'),
    },
    {
      path: 'hormigon',
      name: 'config.hormigon',
      permission: MODULE_PERMISSIONS.concrete,
      defaultChild: 'concreto',
      children: leaves('config.hormigon', 'concreto', 'empresas-y-tipos', 'lotes'),
    },
    {
      path: 'propietarios',
      name: 'config.propietarios',
      permission: 'config_propietarios',
      defaultChild: 'global',
      children: leaves('config.propietarios', ...OWNER_CONFIG_TABS),
    },
  ];
}

export const areaOf = (name: AreaName) => ROUTES.find((r) => r.area === name)!;

/** Locale key of a route's title (`routes.<name>.title`, so a parent and its children can nest). */
export const routeTitleKey = (name: string) => `routes.${name}.title`;

/** docs/product.md §2/§6: the areas the sidebar lists, exactly those the user may open (elements lacking permission are hidden). */
export function navAreas(permissions: PermissionSet): AreaRoute[] {
  return ROUTES.filter((a) => a.icon && !a.isPublic && can(permissions, a.navPermission ?? a.permission));
}

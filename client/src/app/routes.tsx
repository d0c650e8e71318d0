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
  forgot: lazyPage(
    () => import('../modules/auth/index.ts').then((m) => m.loadForgotPasswordPage()),
    'ForgotPasswordPage',
    firstLoad,
  ),
  reset: lazyPage(
    () => import('../modules/auth/index.ts').then((m) => m.loadResetPasswordPage()),
    'ResetPasswordPage',
    firstLoad,
  ),
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
  trabajadores: lazyPage(() => import('../modules/config/index.ts'), 'TrabajadoresPage'),
  cursos: lazyPage(() => import('../modules/config/index.ts'), 'CursosPage'),
  misCursos: lazyPage(() => import('../modules/config/index.ts'), 'MisCursosPage'),
  auditoria: lazyPage(() => import('../modules/config/index.ts'), 'AuditoriaPage'),
  cargos: lazyPage(() => import('../modules/config/index.ts'), 'CargosPage'),
  permisos: lazyPage(() => import('../modules/config/index.ts'), 'PermisosPage'),
  usuarios: lazyPage(() => import('../modules/config/index.ts'), 'UsuariosPage'),
};
const loadIntegrations = () => import('../modules/integrations/index.ts');
const integrations = {
  api: lazyPage(loadIntegrations, 'ApiReferencePage'),
  apps: lazyPage(loadIntegrations, 'ApiAppsPage'),
  app: lazyPage(loadIntegrations, 'ApiAppLayout'),
  appHooks: lazyPage(loadIntegrations, 'AppHooksPage'),
  appLogs: lazyPage(loadIntegrations, 'AppLogsPage'),
  webhooks: lazyPage(loadIntegrations, 'WebhooksPage'),
  index: lazyPage(loadIntegrations, 'IntegrationsIndexPage'),
  scheduling: lazyPage(loadIntegrations, 'SchedulingPage'),
  myCalendar: lazyPage(loadIntegrations, 'MyCalendarPage'),
  hubspot: lazyPage(loadIntegrations, 'HubspotPage'),
  procore: lazyPage(loadIntegrations, 'ProcorePage'),
};
const notifications = {
  configuracion: lazyPage(() => import('../modules/notifications/index.ts'), 'ConfiguracionPage'),
  recibidas: lazyPage(() => import('../modules/notifications/index.ts'), 'RecibidasPage'),
};
const loadConcrete = () => import('../modules/concrete/index.ts');
const concreteConfig = {
  concreto: lazyPage(loadConcrete, 'ConcreteConfigPage'),
  'empresas-y-tipos': lazyPage(loadConcrete, 'CompaniesTypesConfigPage'),
  lotes: lazyPage(loadConcrete, 'BatchesConfigPage'),
};
const loadVerifications = () => import('../modules/verifications/index.ts');
const verifications = {
  uploader: lazyPage(loadVerifications, 'ProgramUploaderPage'),
  gantt: lazyPage(loadVerifications, 'VerificationsGanttPage'),
  seguimientos: lazyPage(loadVerifications, 'FollowUpsPage'),
  recepcion: lazyPage(loadVerifications, 'ReceptionPage'),
};
// The /warranties area (one chunk): its frame, after-sales' screens and deliveries' fichas.
const loadWarranties = () => import('../modules/warranties/index.ts');
type WarrantiesPage = keyof Awaited<ReturnType<typeof loadWarranties>> & string;
const warranties = (name: WarrantiesPage) => lazyPage(loadWarranties, name);
const warrantiesLayout = warranties('WarrantiesLayout');
const afterSales = {
  solicitudes: warranties('SolicitudesPage'),
  crear: warranties('SolicitudCrearPage'),
  solicitud: warranties('SolicitudLayout'),
  actividad: warranties('ActividadTab'),
  fallas: warranties('FallasTab'),
  orders: warranties('OrdersTab'),
  orderForm: warranties('OrderFormTab'),
  orderManage: warranties('OrderManageTab'),
  ac: warranties('AcTab'),
  agenda: warranties('AgendaPage'),
  board: warranties('BoardPage'),
  efficiency: warranties('EfficiencyPage'),
  statistics: warranties('StatisticsPage'),
};
const deliveries = {
  fichas: warranties('FichasPage'),
  ficha: warranties('FichaLayout'),
};
const fichaTabs = {
  propietarios: warranties('PropietariosTab'),
  revision: warranties('RevisionTab'),
  detalles: warranties('DetallesTab'),
  accesorios: warranties('AccesoriosTab'),
  archivos: warranties('ArchivosTab'),
  'vista-previa-acta': warranties('ActaTab'),
  recepcion: warranties('RecepcionTab'),
  solicitudes: warranties('SolicitudesTab'),
  actividad: warranties('FichaActividadTab'),
};
// The owners' configuration (deliveries' settings, under /config).
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
// A Cbox share link's page for outsiders: its own small chunk (the module's second door), outside the staff layout.
const cboxPublicLink = lazyPage(() => import('../modules/cbox/public-link.entry.ts'), 'PublicLinkPage');
// The library (docs/product.md §2 Cbox): the explorer and the activation page, one chunk.
const cbox = {
  folders: lazyPage(() => import('../modules/cbox/index.ts'), 'ExplorerPage'),
  activation: lazyPage(() => import('../modules/cbox/index.ts'), 'ActivationPage'),
};
// Cmanagement (docs/product.md §2 /cmanagement, config/cmanagement): one chunk; the Gantt loads its library lazily.
type CmPage = keyof typeof import('../modules/cmanagement/index.ts');
const cm = (name: CmPage) => lazyPage(() => import('../modules/cmanagement/index.ts'), name);
const cmanagement = {
  'tickets.list': cm('TicketsPage'),
  ticket: cm('TicketLayout'),
  'ticket.general': cm('TicketGeneralPage'),
  'ticket.issues': cm('TicketIssuesPage'),
  'ticket.issue': cm('IssuePage'),
  'ticket.tasks': cm('TicketTasksPage'),
  schedule: cm('SchedulePage'),
};
const cmanagementConfig = {
  'custom-fields': cm('CustomFieldsConfigPage'),
  tasks: cm('TaskTemplatesConfigPage'),
  categories: cm('CategoriesConfigPage'),
};
type QualityPage = keyof Awaited<ReturnType<typeof loadQuality>> & string;
const loadQuality = () => import('../modules/quality/index.ts');
const q = (name: QualityPage) => lazyPage(loadQuality, name);
const quality = {
  bim: q('BimPage'),
  gantt: q('GanttPage'),
  'construction-progress': q('ProgressLayout'),
  'construction-progress.list': q('ProgressListPage'),
  'construction-progress.gantt': q('GanttPage'),
  'construction-progress.bim': q('BimPage'),
};
const billing = lazyPage(() => import('../modules/billing/index.ts'), 'BillingPage');
const ocinsights = lazyPage(() => import('../modules/ocinsights/index.ts'), 'UsabilityPage');
const loadTiinsights = () => import('../modules/tiinsights/index.ts');
const tiinsights = {
  empresas: lazyPage(loadTiinsights, 'CompaniesPage'),
  empresa: lazyPage(loadTiinsights, 'CompanyPage'),
  exportaciones: lazyPage(loadTiinsights, 'ExportsPage'),
};
export const catchAllPage = lazyPage(() => import('../modules/catch-all/index.ts'), 'CatchAllPage', firstLoad);

/** `{tab: page}` as `{'<prefix>.<tab>': page}`. */
const under = (prefix: string, pages: Record<string, PageComponent>) =>
  Object.fromEntries(Object.entries(pages).map(([segment, page]) => [`${prefix}.${segment}`, page]));

/** List / crear / editar / gestionar of inspection and work orders. */
const orderPages = (kind: 'oi' | 'ot') =>
  under(`warranties.solicitud.${kind}`, {
    list: afterSales.orders,
    crear: afterSales.orderForm,
    editar: afterSales.orderForm,
    gestionar: afterSales.orderManage,
  });

/** Pages by route name: the screens and layouts of their own. */
export const PAGES: Readonly<Record<string, PageComponent>> = {
  ...under('auth', { login: auth.login, 'forgotten-password': auth.forgot, reset: auth.reset }),
  home: home.layout,
  ...under('home', { proyectos: home.proyectos, tareas: home.tareas }),
  warranties: warrantiesLayout,
  ...under('warranties.dashboard', { solicitudes: afterSales.board, eficiencia: afterSales.efficiency }),
  ...under('warranties', {
    solicitudes: afterSales.solicitudes,
    'solicitud-crear': afterSales.crear,
    solicitud: afterSales.solicitud,
    agenda: afterSales.agenda,
    estadisticas: afterSales.statistics,
    fichas: deliveries.fichas,
    ficha: deliveries.ficha,
  }),
  ...under('warranties.solicitud', { actividad: afterSales.actividad, fallas: afterSales.fallas, ac: afterSales.ac }),
  ...orderPages('oi'),
  ...orderPages('ot'),
  ...under('warranties.ficha', fichaTabs),
  portal: portal.layout,
  ...under('portal', {
    ingresar: portal.login,
    acceso: portal.access,
    inicio: portal.home,
    nueva: portal.create,
    solicitud: portal.ticket,
  }),
  'compartido.token': cboxPublicLink,
  config: config.layout,
  'config.cuenta': config.cuenta,
  'config.trabajadores': config.trabajadores,
  'config.cursos': config.cursos,
  'config.mis-cursos': config.misCursos,
  'config.mi-calendario': integrations.myCalendar,
  'config.integraciones.scheduling': integrations.scheduling,
  'config.auditoria': config.auditoria,
  'config.cargos': config.cargos,
  'config.permisos': config.permisos,
  'config.usuarios': config.usuarios,
  'config.integraciones.webhooks': integrations.webhooks,
  'config.integraciones.index': integrations.index,
  'config.integraciones.hubspot': integrations.hubspot,
  'config.integraciones.procore': integrations.procore,
  ...under('config.notificaciones', notifications),
  'config.integraciones.api': integrations.api,
  'config.integraciones.apps.list': integrations.apps,
  'config.integraciones.app': integrations.app,
  ...under('config.integraciones.app', { hooks: integrations.appHooks, logs: integrations.appLogs }),
  'config.propietarios': owners.layout,
  ...under('config.propietarios', ownerTabs),
  ...under('cbox', cbox),
  ...under('cmanagement', cmanagement),
  ...under('config.cmanagement', cmanagementConfig),
  ...under('quality', quality),
  'config.calidad.attributes': q('AttributesPage'),
  ...under('config.hormigon', concreteConfig),
  'concrete.uploader': lazyPage(loadConcrete, 'ConcreteUploaderPage'),
  'concrete.advanceBim': lazyPage(loadConcrete, 'AdvanceBimPage'),
  'concrete.placements.list': lazyPage(loadConcrete, 'PlacementsPage'),
  'concrete.placements.placement': lazyPage(loadConcrete, 'PlacementPage'),
  'concrete.placements.lotes': lazyPage(loadConcrete, 'BatchesPage'),
  'concrete.placements.lote': lazyPage(loadConcrete, 'BatchPage'),
  ...under('verifications', verifications),
  ...under('tiinsights', tiinsights),
  'ocinsights.usabilidad': ocinsights,
  'config.recepciones': lazyPage(loadVerifications, 'ReceptionTemplatesPage'),
  'config.projects.models': q('ModelsConfigPage'),
  'config.integraciones.bim': q('BimIntegrationPage'),
};

/** Every leaf of these areas not in PAGES renders the area's page: the module's pending page, or config's. */
const AREA_PAGES: Partial<Record<AreaName, PageComponent>> = {
  billing,
  config: config.pending,
};

/** The page a node of the manifest renders, if any. */
export function pageOf(node: RouteNode, area: AreaRoute): PageComponent | undefined {
  return PAGES[node.name] ?? (node.children?.length ? undefined : AREA_PAGES[area.area]);
}

import { mayOpen } from '../../shared/route-memory.ts';
import type { PermissionSet } from '#domain/permissions';

/** One entry of the /warranties area's sub-navigation: where it goes and which paths mark it current. */
export type ModuleNavItem = {
  id: 'dashboard' | 'solicitudes' | 'agenda' | 'fichas' | 'estadisticas';
  to: string;
  titleKey: string;
  owns: RegExp;
};

/** The area's screens, after-sales' and deliveries', in navigation order (docs/product.md §2 warranties sub-routes). */
export const MODULE_NAV: readonly ModuleNavItem[] = [
  {
    id: 'dashboard',
    to: '/warranties/dashboard',
    titleKey: 'routes.warranties.dashboard.title',
    owns: /^\/warranties\/dashboard(\/|$)/,
  },
  // The list, a ticket and the creation form are all "Solicitudes".
  {
    id: 'solicitudes',
    to: '/warranties/solicitudes',
    titleKey: 'routes.warranties.solicitudes.title',
    owns: /^\/warranties\/solicitud(es)?(\/|$)/,
  },
  {
    id: 'agenda',
    to: '/warranties/agenda',
    titleKey: 'routes.warranties.agenda.title',
    owns: /^\/warranties\/agenda(\/|$)/,
  },
  {
    id: 'fichas',
    to: '/warranties/fichas',
    titleKey: 'routes.warranties.fichas.title',
    owns: /^\/warranties\/fichas?(\/|$)/,
  },
  {
    id: 'estadisticas',
    to: '/warranties/estadisticas',
    titleKey: 'routes.warranties.estadisticas.title',
    owns: /^\/warranties\/estadisticas(\/|$)/,
  },
];

/** The entries the user may open: the route table's permissions decide, as they do for the routes themselves. */
export const visibleNavItems = (permissions: PermissionSet) =>
  MODULE_NAV.filter((item) => mayOpen(item.to, permissions));

/** The entry the current path belongs to, if any. */
export const currentNavItem = (pathname: string) => MODULE_NAV.find((item) => item.owns.test(pathname));

/** Public surface of the warranties module: its pages, lazy-loaded by the route table. */
export { WarrantiesPage } from './warranties-page.tsx';
export { WarrantiesLayout } from './nav/warranties-layout.tsx';
export { SolicitudesPage } from './solicitudes/solicitudes-page.tsx';
export { SolicitudCrearPage } from './crear/solicitud-crear-page.tsx';
export { SolicitudLayout } from './solicitud/solicitud-layout.tsx';
export { ActividadTab } from './solicitud/actividad-tab.tsx';
export { FallasTab } from './solicitud/fallas-tab.tsx';
export { OrdersTab } from './solicitud/orders-tab.tsx';
export { OrderFormTab } from './solicitud/order-form-tab.tsx';
export { OrderManageTab } from './solicitud/order-manage-tab.tsx';
export { AcTab } from './solicitud/ac-tab.tsx';
export { AgendaPage } from './agenda/agenda-page.tsx';
export { BoardPage, EfficiencyPage, StatisticsPage } from './dashboard/lazy-dashboards.tsx';
export { FichasPage } from './fichas/index.ts';
export {
  FichaLayout, PropietariosTab, RevisionTab, DetallesTab, AccesoriosTab, ArchivosTab, ActaTab, RecepcionTab, SolicitudesTab, FichaActividadTab,
} from './ficha/index.ts';

/**
 * Public surface of after-sales (postventa): the solicitudes, solicitud, crear, agenda and dashboard screens of
 * docs/product.md §2, lazy-loaded by the route table through the /warranties area (modules/warranties/index.ts),
 * and what deliveries shows of it (a unit's tickets, the tower and responsible pickers).
 */
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
export { TicketStateTag } from './components/ticket-state-tag.tsx';
export { responsiblesQuery, towersQuery } from './api/pickers-api.ts';

/**
 * Public surface of deliveries (entregas): the fichas list and the ficha/{unitId} screens of docs/product.md §2,
 * lazy-loaded by the route table through the /warranties area (modules/warranties/index.ts).
 */
export { FichasPage } from './fichas/fichas-page.tsx';
export { FichaLayout } from './ficha/ficha-layout.tsx';
export { PropietariosTab } from './ficha/propietarios-tab.tsx';
export { RevisionTab } from './ficha/revision-tab.tsx';
export { DetallesTab } from './ficha/detalles-tab.tsx';
export { AccesoriosTab } from './ficha/accesorios-tab.tsx';
export { ArchivosTab } from './ficha/archivos-tab.tsx';
export { ActaTab } from './ficha/acta-tab.tsx';
export { RecepcionTab } from './ficha/recepcion-tab.tsx';
export { SolicitudesTab } from './ficha/solicitudes-tab.tsx';
export { FichaActividadTab } from './ficha/actividad-tab.tsx';

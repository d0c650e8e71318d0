/** Public surface of the ficha screens (docs/product.md §2 warranties ficha/{unitId}), lazy-loaded by the route table. */
export { FichaLayout } from './ficha-layout.tsx';
export { PropietariosTab } from './propietarios-tab.tsx';
export { RevisionTab } from './revision-tab.tsx';
export { DetallesTab } from './detalles-tab.tsx';
export { AccesoriosTab } from './accesorios-tab.tsx';
export { ArchivosTab } from './archivos-tab.tsx';
export { ActaTab } from './acta-tab.tsx';
export { RecepcionTab } from './recepcion-tab.tsx';
export { SolicitudesTab } from './solicitudes-tab.tsx';
export { FichaActividadTab } from './actividad-tab.tsx';

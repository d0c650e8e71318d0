/** Public surface of the home module: its pages, lazy-loaded by the route table. */
export { HomeLayout } from './home-layout.tsx';
export { ProyectosPage } from './proyectos-page.tsx';
export { TareasPage } from './tareas-page.tsx';
export { homeKeys } from './home-api.ts';

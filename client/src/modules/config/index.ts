/** Public surface of the config module: its pages, lazy-loaded by the route table. */
export { ConfigLayout } from './config-layout.tsx';
export { CuentaPage } from './cuenta/cuenta-page.tsx';
export { ConfigPendingPage } from './config-pending-page.tsx';
export { TrabajadoresPage } from './trabajadores/trabajadores-page.tsx';
export { CursosPage } from './cursos/cursos-page.tsx';
export { MisCursosPage } from './cursos/mis-cursos-page.tsx';
export { AuditoriaPage } from './auditoria/auditoria-page.tsx';
export { CargosPage } from './cargos/cargos-page.tsx';
export { PermisosPage } from './permisos/permisos-page.tsx';
export { UsuariosPage } from './usuarios/usuarios-page.tsx';
export {
  PropietariosConfigLayout,
  GlobalConfigPage,
  GeneralConfigPage,
  LogoConfigPage,
  PlanosConfigPage,
  IframeConfigPage,
} from './propietarios/index.ts';

/** Public surface of the config module: its pages, lazy-loaded by the route table. */
export { ConfigLayout } from './config-layout.tsx';
export { CuentaPage } from './cuenta/cuenta-page.tsx';
export { ConfigPendingPage } from './config-pending-page.tsx';
export { UsuariosPage } from './usuarios/usuarios-page.tsx';
export {
  PropietariosConfigLayout,
  GlobalConfigPage,
  GeneralConfigPage,
  LogoConfigPage,
  PlanosConfigPage,
  IframeConfigPage,
} from './propietarios/index.ts';

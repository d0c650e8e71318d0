/** Owners' configuration pages (docs/product.md §2 config propietarios), re-exported by the config module's index. */
export { PropietariosConfigLayout } from './propietarios-layout.tsx';
export { GlobalConfigPage } from './global-page.tsx';
export { GeneralConfigPage } from './general-page.tsx';
export { LogoConfigPage } from './logo-page.tsx';
export { PlanosConfigPage } from './planos-page.tsx';
export { IframeConfigPage } from './iframe-page.tsx';

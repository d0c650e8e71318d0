import { deferred } from '../shared/layout/deferred.tsx';
import { LanguageTriggerButton } from './language-menu-trigger.tsx';

/** The language menu (top bar, login card): its button at once, the menu itself on first use. */
export const LanguageMenu = deferred<object>(
  () => import('./language-menu-impl.tsx').then((m) => m.LanguageMenuImpl),
  (props) => <LanguageTriggerButton {...props} />,
);

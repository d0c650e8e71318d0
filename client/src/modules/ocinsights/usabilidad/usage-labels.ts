import type { TFunction, i18n as I18n } from 'i18next';
import { normalizeLocale } from '../../../shared/i18n.ts';
import { formatDate } from '../../../shared/format.ts';
import { routeTitleKey } from '../../../shared/route-manifest.ts';

/** A module (a route manifest area) by the name the sidebar gives it; its raw name when the locales have none. */
export const moduleLabel = (t: TFunction, module: string) => t(routeTitleKey(module), { defaultValue: module });

/**
 * A screen's human label: its route's page title (routes.<name>.title) when the locales have one, else its name.
 * Actions are named by method and route template (server/src/modules/ocinsights/usage/actions.ts): shown as they are.
 */
export function usageNameLabel(i18n: I18n, kind: 'screen' | 'action', name: string): string {
  const key = routeTitleKey(name);
  return kind === 'screen' && i18n.exists(key) ? i18n.t(key) : name;
}

/** A YYYY-MM-DD day as "2 mar." in the UI language (noon, so no time zone moves it to another day). */
export const shortDay = (language: string, day: string) =>
  formatDate(`${day}T12:00:00`, normalizeLocale(language) ?? 'es', { day: 'numeric', month: 'short' });

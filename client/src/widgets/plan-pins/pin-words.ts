import { createContext, useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whose pins the board shows: the after-sales failures by default, or another surface's items (e.g. 'cm_issue',
 * Cmanagement's issues). It is an i18next context: `widgets.plan_pins.<key>_<words>` where that surface words a
 * text its own way (locales/*.json), else the failure's text.
 */
export const PinWordsContext = createContext<string | undefined>(undefined);

/** `t` of the plan widgets, speaking of the board's items in their surface's words. */
export function usePinT(words?: string) {
  const { t } = useTranslation();
  const fromBoard = useContext(PinWordsContext);
  const context = words ?? fromBoard;
  return useCallback(
    (key: string, options: Record<string, unknown> = {}) => t(key, context ? { ...options, context } : options),
    [t, context],
  );
}

// The language button on its own: the light door (language-menu.tsx) and the menu fetched on first
// use (language-menu-impl.tsx) both import it, and neither imports the other.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AppLocale } from '../shared/i18n.ts';
import { useSession } from '../shared/session/session-store.ts';
import type { DeferredTriggerProps } from '../shared/layout/deferred.tsx';

/** The language names are written in their own language, so each reads its own. */
export const LOCALE_LABEL_KEYS: Record<AppLocale, string> = { es: 'app.language.es', 'pt-BR': 'app.language.pt-BR' };

type TriggerProps = ComponentPropsWithoutRef<typeof Button> & Partial<DeferredTriggerProps>;

/** The top-bar language button ('ES' / 'PT'); the real menu wraps this same button. */
export const LanguageTriggerButton = forwardRef<HTMLButtonElement, TriggerProps>(function LanguageTriggerButton(
  { onActivate, onPreload, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const locale = useSession((s) => s.locale);
  return (
    // The name comes from the content ("Cambiar idioma: ES") so it contains the visible text (WCAG 2.5.3).
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      px="2"
      aria-haspopup="menu"
      data-testid="language-menu"
      onClick={onActivate}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      {...rest}
    >
      <Languages aria-hidden />
      <Box as="span" srOnly>
        {t('app.language.change')}:{' '}
      </Box>
      <span>{t(`app.language.short.${locale}`)}</span>
    </Button>
  );
});

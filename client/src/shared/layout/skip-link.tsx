import { SkipNavLink } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The id of each signed-in frame's <main>, where the skip link lands. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves keyboard focus to the page's main content (the element itself is focusable with tabIndex -1). */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  main.focus({ preventScroll: true });
  main.scrollIntoView?.({ block: 'start' });
  return true;
}

/**
 * 'Saltar al contenido' (WCAG 2.4.1): the first stop of the tab order in every signed-in frame, hidden until focused.
 * It moves focus itself instead of following '#main-content', so the router sees no hash change (no scroll to the
 * top, no new history entry), and the next Tab goes to the page's first control rather than the sidebar.
 */
export function SkipToContent() {
  const { t } = useTranslation();
  return (
    <SkipNavLink
      id={MAIN_CONTENT_ID}
      zIndex="skipNav"
      data-testid="skip-to-content"
      onClick={(e) => {
        if (focusMainContent()) e.preventDefault();
      }}
    >
      {t('app.skip_to_content')}
    </SkipNavLink>
  );
}

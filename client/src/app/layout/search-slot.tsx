import { lazy, Suspense, useEffect, useState } from 'react';
import { IconButton } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MODULE_PERMISSIONS } from '#domain/permissions';
import { useCan } from '../../api/session/auth-user.ts';
import { withTimeout } from '../../shared/lazy-page.tsx';

// The dialog is its own chunk, fetched the first time it opens (docs/architecture.md §6, first-load weight).
const GlobalSearchDialog = lazy(() =>
  withTimeout(() => import('../../modules/search/global-search.entry.ts')).then((m) => ({
    default: m.GlobalSearchDialog,
  })),
);

/** Ctrl+K, or Cmd+K on a Mac: the global search's key, wherever the focus is. */
export const isSearchKey = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/**
 * Top-bar slot of the global search (docs/product.md §9 Global search and shortcuts): a search button that
 * Ctrl+K / Cmd+K also presses, for staff who hold an after-sales or deliveries permission.
 */
export function SearchSlot() {
  const allowed = useCan(MODULE_PERMISSIONS.warranties);
  return allowed ? <SearchButton /> : null;
}

function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchKey(e)) return;
      e.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={t('app.global_search.open')}
        title={t('app.global_search.open_hint')}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="open-global-search"
      >
        <Search />
      </IconButton>
      {loaded ? (
        <Suspense fallback={null}>
          <GlobalSearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog, Grid, Kbd, Portal, Text } from '@chakra-ui/react';
import { CloseButton } from './close-button.tsx';
import { useTranslation } from 'react-i18next';

/** Where a key is text being typed (or a widget's own key), never a shortcut. */
const TYPING =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="combobox"]';
const CURRENT = 'data-kbd-current';
/** The keys, as `KeyboardEvent.key` names them and the help shows them. */
const KEY = { down: 'j', up: 'k', open: 'Enter', search: '/', help: '?' } as const;

/**
 * The list keys of docs/product.md §9 Global search and shortcuts, for a list page whose root gets `ref`:
 * j / k move a visible focus over the rows (`rowSelector`), Enter opens the focused row's link, '/' focuses the
 * list's search input and '?' opens the help. The rows are read from the page when a key comes, so paging,
 * filtering or a virtualised table need nothing more. `css` highlights the focused row; `help` is the dialog.
 */
export function useListShortcuts(rowSelector: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  const move = useCallback(
    (step: 1 | -1) => {
      const root = ref.current;
      if (!root) return;
      const rows = [...root.querySelectorAll<HTMLElement>(rowSelector)];
      if (!rows.length) return;
      const focused = document.activeElement;
      let current = rows.findIndex((r) => focused && r.contains(focused));
      if (current < 0) current = rows.findIndex((r) => r.hasAttribute(CURRENT));
      const next = rows[current < 0 ? 0 : Math.min(Math.max(current + step, 0), rows.length - 1)];
      rows.forEach((r) => r.removeAttribute(CURRENT));
      next.setAttribute(CURRENT, '');
      const link = next.querySelector<HTMLElement>('a[href]');
      if (link) link.focus();
      else {
        next.tabIndex = -1;
        next.focus();
      }
      next.scrollIntoView?.({ block: 'nearest' });
    },
    [rowSelector],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const root = ref.current;
      if (!root || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TYPING)) return;
      if (e.key === KEY.down || e.key === KEY.up) {
        e.preventDefault();
        move(e.key === KEY.down ? 1 : -1);
      } else if (e.key === KEY.open) {
        // A focused link opens by itself; a focused row without one opens its first link.
        const row = target?.closest<HTMLElement>(`[${CURRENT}]`);
        if (!row || target?.closest('a[href], button') || !root.contains(row)) return;
        e.preventDefault();
        row.querySelector<HTMLElement>('a[href]')?.click();
      } else if (e.key === KEY.search) {
        const search = root.querySelector<HTMLInputElement>('input[type="search"]');
        if (!search) return;
        e.preventDefault();
        search.focus();
      } else if (e.key === KEY.help) {
        e.preventDefault();
        setHelpOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [move]);

  const css = { [`& [${CURRENT}]`]: { bg: 'bg.emphasized' } };
  const help: ReactNode = <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />;
  return { ref, css, help };
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform ?? '');

/** The help of the list keys and the global search's key. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const keys: [ReactNode, string][] = [
    [
      <>
        <Kbd>{KEY.down}</Kbd> / <Kbd>{KEY.up}</Kbd>
      </>,
      t('widgets.shortcuts.move'),
    ],
    [<Kbd key="enter">{KEY.open}</Kbd>, t('widgets.shortcuts.open')],
    [<Kbd key="slash">{KEY.search}</Kbd>, t('widgets.shortcuts.search')],
    [<Kbd key="help">{KEY.help}</Kbd>, t('widgets.shortcuts.help')],
    [<Kbd key="global">{isMac() ? '⌘ K' : 'Ctrl K'}</Kbd>, t('widgets.shortcuts.global_search')],
  ];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="shortcuts-help">
            <Dialog.Header>
              <Dialog.Title>{t('widgets.shortcuts.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Grid as="dl" templateColumns="auto 1fr" columnGap="4" rowGap="2" alignItems="center">
                {keys.map(([key, label]) => (
                  <Frag key={label} term={key} label={label} />
                ))}
              </Grid>
              <Text textStyle="xs" color="fg.muted" mt="3">
                {t('widgets.shortcuts.not_typing')}
              </Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Frag({ term, label }: { term: ReactNode; label: string }) {
  return (
    <>
      <Text as="dt" whiteSpace="nowrap">
        {term}
      </Text>
      <Text as="dd" textStyle="sm">
        {label}
      </Text>
    </>
  );
}

import { useEffect, type RefObject } from 'react';

/** Table roles react-big-calendar puts on plain divs without the structure they promise (axe: critical). */
const GRID_ROLES = ['table', 'grid', 'row', 'rowgroup', 'columnheader', 'rowheader', 'cell', 'gridcell'];
const SELECTOR = GRID_ROLES.map((r) => `[role="${r}"]`).join(',');

function repair(root: HTMLElement, label: string) {
  // The week and month views mark divs as rows and header cells but nest them under buttons or leave rows without
  // cells; half a table is worse than none, so the divs go back to plain divs. Events stay buttons with their title.
  root.querySelectorAll<HTMLElement>(SELECTOR).forEach((el) => {
    if (/^(TABLE|THEAD|TBODY|TR|TH|TD)$/.test(el.tagName)) return;
    el.removeAttribute('role');
    el.removeAttribute('aria-sort');
  });
  // The hours scroll inside the week and day views: keyboard users must be able to reach and scroll them.
  root.querySelectorAll<HTMLElement>('.rbc-time-content').forEach((el) => {
    if (el.tabIndex !== 0) el.tabIndex = 0;
    if (!el.getAttribute('role')) el.setAttribute('role', 'group');
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  });
}

/**
 * Keeps react-big-calendar's markup valid for assistive technology (WCAG 4.1.2, 2.1.1): runs after each change of the
 * calendar's DOM, since the library re-renders its views on navigation.
 */
export function useCalendarA11y(ref: RefObject<HTMLElement | null>, label: string) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    repair(root, label);
    const observer = new MutationObserver(() => repair(root, label));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref, label]);
}

/** The top bar's door into this module: only the dialog, loaded the first time it opens (docs/architecture.md §6). */
export { GlobalSearchDialog } from './global-search-dialog.tsx';

/**
 * Sharing (docs/product.md §6 levels) and a file's details. Contract for the explorer:
 * - `<ShareDialog target onClose />`: the shares of a folder or file (users, profiles, levels, inherited ones) and its
 *   links for people outside the company; opened from an item's menu when the caller holds can-share;
 * - `<FileDetailsDialog fileId onClose />`: a file's versions (restore) and its activity log.
 */
export { ShareDialog } from './share-dialog.tsx';
export { FileDetailsDialog } from './file-details-dialog.tsx';
export type { ShareTarget } from './share-target.ts';

/**
 * The preview dialog (docs/product.md §2 Cbox: preview with next and previous). Contract for the explorer: it renders
 * `<CboxPreviewDialog fileId siblings onNavigate onClose />` while the route names a file
 * (/cbox/folders/{folderId}/{fileId}); `siblings` are the files of the listing in its order, next and previous walk
 * them and call onNavigate with the new file's id (the explorer changes the URL).
 */
export { CboxPreviewDialog } from './cbox-preview-dialog.tsx';

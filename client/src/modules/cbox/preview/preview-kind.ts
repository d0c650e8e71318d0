import type { CboxFileItem } from '#domain/cbox-responses';

/** How the preview shows a file (docs/product.md §2 Cbox preview). */
export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'text' | 'bim' | 'none';

/** Images every browser draws (TIFF and HEIC are stored as images but most browsers cannot show them). */
const BROWSER_IMAGES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'];
/** Plain text shown as it is, in a monospace block. */
const TEXT_EXTENSIONS = ['txt', 'csv'];

export function previewKindOf(file: Pick<CboxFileItem, 'extension' | 'category'>): PreviewKind {
  const extension = file.extension.toLowerCase();
  if (extension === 'pdf') return 'pdf';
  if (extension === 'ifc') return 'bim';
  if (TEXT_EXTENSIONS.includes(extension)) return 'text';
  if (file.category === 'image') return BROWSER_IMAGES.includes(extension) ? 'image' : 'none';
  if (file.category === 'video') return 'video';
  if (file.category === 'audio') return 'audio';
  return 'none';
}

/**
 * Where a file sits among the listing's files, and its neighbours (no wrapping at the ends). Null when it is not
 * among them (opened from a shared link or a search): then there is nothing to walk.
 */
export function placeAmong(siblings: readonly { id: number }[], fileId: number) {
  const index = siblings.findIndex((s) => s.id === fileId);
  if (index < 0) return null;
  return {
    index,
    count: siblings.length,
    previous: index > 0 ? siblings[index - 1].id : undefined,
    next: index < siblings.length - 1 ? siblings[index + 1].id : undefined,
  };
}

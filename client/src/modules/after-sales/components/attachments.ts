import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';

/** Uploader items → the attachment shape the API stores (domain attachmentSchema). */
export const toAttachments = (items: UploadedFileItem[]) =>
  items.map((f) => ({ path: f.path, name: f.name, size: f.size, type: f.type ?? '' }));

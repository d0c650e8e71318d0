/**
 * The explorer's uploads (large files in parts, resumable; docs/api.md, Cbox uploads). Contract for the explorer:
 * - `<CboxUploads folderId canUpload>` wraps the explorer's content: files and whole folders dropped from the
 *   computer go up into `folderId` (null: the root), and the progress panel shows each file and the total;
 * - `<UploadButton />` inside it opens the file (and folder) picker.
 * Internal drags (moving items) carry CBOX_DRAG_TYPE and are left to the explorer.
 */
export { CboxUploads, UploadButton } from './cbox-uploads.tsx';

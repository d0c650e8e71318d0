import { downloadNameFromPath } from '#domain/files';
import { i18n } from '../../shared/i18n.ts';
import { showErrorToast, showSuccessToast } from '../../api/notify.ts';
import { absoluteFileUrl } from './upload-api.ts';
import { saveBlob } from './transfer.ts';

/**
 * Downloads a file as a blob and saves it, with docs/product.md §8's notices: 'downloaded_file' on success,
 * a negative notification on failure. The file viewer sends credentials ('include'); the image
 * viewer does not ask for them ('same-origin': our own cookie still goes to our own origin).
 * Never cached: a file replaced under the same path must not come back stale.
 */
export async function downloadFile(
  pathOrUrl: string,
  opts: { name?: string | null; withCredentials: boolean },
): Promise<boolean> {
  const url = absoluteFileUrl(pathOrUrl);
  try {
    const res = await fetch(url, { cache: 'no-cache', credentials: opts.withCredentials ? 'include' : 'same-origin' });
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    saveBlob(blob, opts.name || downloadNameFromPath(new URL(url, window.location.href).pathname));
    showSuccessToast(i18n.t('files.downloaded_file'));
    return true;
  } catch {
    showErrorToast(0, i18n.t('files.download_failed'));
    return false;
  }
}

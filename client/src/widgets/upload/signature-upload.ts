import { UPLOAD_URL_DEFAULT } from '#domain/files';
import { uploadFile } from './upload-api.ts';

/**
 * A signature drawn on the SignatureCanvas (a PNG file) → the path of its upload (POST files/upload-url,
 * context 'image'), which the write that uses it names: a delivery, a conformity act's sign-off.
 */
export async function uploadSignature(file: File): Promise<string> {
  const stored = await uploadFile({
    file,
    context: 'image',
    method: 'put',
    endpoint: UPLOAD_URL_DEFAULT,
    onProgress: () => undefined,
  });
  return stored.path;
}

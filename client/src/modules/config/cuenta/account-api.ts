import type { z } from 'zod';
import type { changePasswordSchema } from '#domain/schemas/auth';
import type { UpdateAccountInput } from '#domain/schemas/account';
import { apiV2 } from '../../../api/clients.ts';
import type { AuthUser } from '../../../shared/session/auth-user.ts';

type UserAnswer = { message: string; data: AuthUser };

/** Account calls of /config/cuenta (server/src/modules/auth/routes.ts); each answers the fresh user. */
export const accountApi = {
  update: (input: UpdateAccountInput) => apiV2.put<UserAnswer>('auth/usuario', input),
  changePassword: (input: z.infer<typeof changePasswordSchema>) => apiV2.put<{ message: string }>('auth/password', input),
  setSignature: (path: string) => apiV2.put<UserAnswer>('auth/firma', { path }),
  removeSignature: () => apiV2.delete<UserAnswer>('auth/firma'),
  requestEmailVerification: () => apiV2.post<{ message: string }>('auth/email/verify-request'),
};

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/**
 * Uploads an image through the files module (docs/product.md §7): ask for an upload URL, PUT the bytes to it
 * with their content type (an absolute URL goes without our headers), confirm, and return the path.
 */
export async function uploadImage(file: Blob, name: string): Promise<string> {
  const contentType = file.type;
  const extension = EXTENSIONS[contentType];
  if (!extension) throw new Error(`Unsupported image type ${contentType}`);
  const { data } = await apiV2.post<{ data: { url: string; path: string } }>('files/upload-url', {
    extension, contentType, context: 'image', name, size: file.size,
  });
  await apiV2.put(data.url, file, { headers: { 'Content-Type': contentType } });
  await apiV2.post('files/confirm', { path: data.path });
  return data.path;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '#domain/schemas/auth';
import type { UpdateAccountInput } from '#domain/schemas/account';
import { apiV2 } from '../../../api/clients.ts';
import { putSignature, setAnsweredUser, type UserAnswer } from '../../../api/session/signature.ts';

/** Account calls of /config/cuenta (server/src/modules/auth/routes.ts); those that change the user answer it. */
export const accountApi = {
  update: (input: UpdateAccountInput) => apiV2.put<UserAnswer>('auth/usuario', input),
  changePassword: (input: z.infer<typeof changePasswordSchema>) =>
    apiV2.put<{ message: string }>('auth/password', input),
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
    extension,
    contentType,
    context: 'image',
    name,
    size: file.size,
  });
  await apiV2.put(data.url, file, { headers: { 'Content-Type': contentType } });
  await apiV2.post('files/confirm', { path: data.path });
  return data.path;
}

// The hooks of /config/cuenta. The calls that change the user answer it as it now is, which becomes the
// signed-in user's cache (nothing refetches); the sections show the server's message.

/** PUT auth/usuario: names, e-mail and the account's settings. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: accountApi.update, onSuccess: (answer) => setAnsweredUser(queryClient, answer) });
}

/** The signature drawn or picked (a .png/.jpg image): uploaded, then the user's. */
export function useSaveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (image: Blob) =>
      putSignature(await uploadImage(image, image instanceof File ? image.name : 'firma.png')),
    onSuccess: (answer) => setAnsweredUser(queryClient, answer),
  });
}

export function useRemoveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.removeSignature,
    onSuccess: (answer) => setAnsweredUser(queryClient, answer),
  });
}

/** The password changes no cached data (the server ends the user's other sessions). */
export const useChangePassword = () => useMutation({ mutationFn: accountApi.changePassword });

export const useRequestEmailVerification = () => useMutation({ mutationFn: accountApi.requestEmailVerification });

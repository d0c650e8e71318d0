import type { QueryClient } from '@tanstack/react-query';
import { apiV2 } from '../clients.ts';
import { authUserQuery, type AuthUser } from './auth-user.ts';

/** The account calls (auth/usuario, auth/firma) answer the user as it now is, with the server's message. */
export type UserAnswer = { message: string; data: AuthUser };

/** The answered user becomes the signed-in user's cache: nothing is refetched. */
export function setAnsweredUser(queryClient: QueryClient, answer: Partial<UserAnswer>): void {
  if (answer.data) queryClient.setQueryData(authUserQuery.queryKey, answer.data);
}

/**
 * PUT auth/firma: the user's signature, an uploaded image. The account page saves it, and so does the
 * delivery dialog when the representative signs there (the act prints the profile's signature).
 */
export const putSignature = (path: string) => apiV2.put<UserAnswer>('auth/firma', { path });

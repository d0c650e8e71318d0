import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserCreateInput, UserLimitsInput, UserUpdateInput } from '#domain/schemas/users';
import type { UserDetail } from '#domain/users-responses';
import { userKeys } from './keys.ts';
import { userDetailQuery, userLimitsQuery, usersApi, type UserActionEvent } from './users-api.ts';

// The writes of /config/usuarios. Each answer is the user as they now are, written into their detail; the list
// pages (filtered, sorted) and the limits' counts are what else a write touches, invalidated by their keys.

function applyUser(queryClient: QueryClient, user: UserDetail) {
  queryClient.setQueryData(userDetailQuery(user.id).queryKey, user);
  void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: userKeys.limits() });
}

/** Create (no id) or edit a user. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: UserCreateInput | UserUpdateInput }) =>
      id ? usersApi.update(id, input as UserUpdateInput) : usersApi.create(input as UserCreateInput),
    onSuccess: (answer) => applyUser(queryClient, answer.data),
  });
}

/** Disable, enable, resend the verification, verify or reject the signature (the user machine's verbs). */
export function useUserCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, event }: { id: number; event: UserActionEvent }) => usersApi.command(id, event),
    onSuccess: (answer) => applyUser(queryClient, answer.data),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => usersApi.remove(id),
    onSuccess: (answer) => applyUser(queryClient, answer.data),
  });
}

export function useSaveLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserLimitsInput) => usersApi.saveLimits(input),
    onSuccess: (answer) => queryClient.setQueryData(userLimitsQuery().queryKey, answer.data),
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: (file: File) => usersApi.previewImport(file) });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, token, rows }: { file: File; token: string; rows: number[] }) =>
      usersApi.confirmImport(file, token, rows),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: userKeys.limits() });
    },
  });
}

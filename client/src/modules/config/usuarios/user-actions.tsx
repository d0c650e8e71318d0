import { useState } from 'react';
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { MoreVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '#domain/users-responses';
import type { UserCommandType } from '#domain/users';
import { nextState } from '#machines/engine';
import { userMachine, type UserEvent } from '#machines/user';
import { showSuccessToast } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { useDeleteUser, useUserCommand } from './api/user-mutations.ts';
import type { UserActionEvent } from './api/users-api.ts';

/** The row menu's actions, in order; each is offered only when the user machine allows it now. */
const ACTIONS = [
  'user.disable',
  'user.enable',
  'user.resendEmailVerification',
  'user.verifySignature',
  'user.rejectSignature',
  'user.delete',
] as const satisfies readonly UserCommandType[];
type Action = (typeof ACTIONS)[number];

/** Whether the machine (machines/user.ts) accepts `type` for this row; the server checks it again. */
function allows(row: UserRow, type: Action, isSelf: boolean): boolean {
  if (isSelf && (type === 'user.disable' || type === 'user.delete')) return false;
  if (type === 'user.resendEmailVerification' && !row.email) return false;
  const event = { type, isUserLimitReached: false, hasSignature: Boolean(row.signature_path) } as unknown as UserEvent;
  return nextState(userMachine, { value: row.state, context: {} } as never, event).ok;
}

/** docs/product.md §4 User: edit, enable or disable, resend the verification, verify or reject the signature, delete. */
export function UserActions({ row, isSelf, onEdit }: { row: UserRow; isSelf: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const command = useUserCommand();
  const remove = useDeleteUser();
  const [confirm, setConfirm] = useState<Action | null>(null);
  const available = ACTIONS.filter((a) => allows(row, a, isSelf));
  const run = (action: Action) => {
    const done = (answer: { message?: string }) => {
      showSuccessToast(answer.message ?? t(`config_users_ui.done.${action.split('.')[1]}`));
      setConfirm(null);
    };
    if (action === 'user.delete') remove.mutate(row.id, { onSuccess: done, onSettled: () => setConfirm(null) });
    else
      command.mutate(
        { id: row.id, event: action as UserActionEvent },
        { onSuccess: done, onSettled: () => setConfirm(null) },
      );
  };
  if (row.state.cuenta === 'eliminado') return null;
  return (
    <>
      <Menu.Root
        onSelect={(d) =>
          d.value === 'edit'
            ? onEdit()
            : d.value === 'user.disable' || d.value === 'user.delete'
              ? setConfirm(d.value)
              : run(d.value as Action)
        }
      >
        <Menu.Trigger asChild>
          <IconButton
            variant="ghost"
            aria-label={t('config_users_ui.actions_of', { name: row.full_name })}
            minW="11"
            minH="11"
            data-testid={`user-actions-${row.username}`}
          >
            <MoreVertical size={18} aria-hidden="true" />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="edit">{t('config_users_ui.actions.edit')}</Menu.Item>
              {available.map((a) => (
                <Menu.Item
                  key={a}
                  value={a}
                  color={a === 'user.delete' ? 'fg.error' : undefined}
                  data-testid={`user-action-${a}`}
                >
                  {t(`config_users_ui.actions.${a.split('.')[1]}`)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirm !== null}
        title={t(`config_users_ui.confirm.${confirm === 'user.delete' ? 'delete' : 'disable'}_title`, {
          name: row.full_name,
        })}
        body={t(`config_users_ui.confirm.${confirm === 'user.delete' ? 'delete' : 'disable'}_body`)}
        confirmLabel={t(`config_users_ui.actions.${confirm === 'user.delete' ? 'delete' : 'disable'}`)}
        danger
        busy={command.isPending || remove.isPending}
        onConfirm={() => confirm && run(confirm)}
        onClose={() => setConfirm(null)}
        testId="user-confirm"
      />
    </>
  );
}

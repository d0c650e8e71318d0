import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CBOX_LIMITS } from '#domain/cbox';
import type { CboxItem } from '#domain/cbox-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { useCreateFolder, useDeleteItems, useMoveItems, useRenameItem } from '../api/explorer-mutations.ts';
import { FileDetailsDialog, ShareDialog } from '../sharing/index.ts';
import type { ItemAction } from './item-actions.ts';
import { MoveDialog } from './move-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';
import { selectionOf, type ItemRef } from './selection.ts';

type Open =
  | { kind: 'create' }
  | { kind: 'rename' | 'share' | 'details'; item: CboxItem }
  | { kind: 'move' | 'delete'; items: ItemRef[] };

/**
 * The explorer's dialogs (new folder, rename, move, delete, share, details) and its direct moves (drag and drop):
 * `run` opens the one an action needs, `dialogs` draws it. Moved and deleted items leave the page, and with it the
 * selection (selection.ts).
 */
export function useExplorerDialogs(folderId: number | null) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open | null>(null);
  const create = useCreateFolder();
  const rename = useRenameItem();
  const move = useMoveItems();
  const remove = useDeleteItems();
  const close = () => setOpen(null);

  const moveInto = (targetId: number | null, refs: readonly ItemRef[]) =>
    move.mutate(
      { ...selectionOf(refs), target_id: targetId },
      {
        onSuccess: (answer) => {
          showSuccessToast(t('cbox_ui.explorer.moved', { count: answer.data.moved }));
          close();
        },
      },
    );

  const run = (action: ItemAction | 'create', items: readonly CboxItem[]) => {
    const refs = items.map((i) => ({ kind: i.kind, id: i.id }));
    if (action === 'create') setOpen({ kind: 'create' });
    else if (action === 'move' || action === 'delete') setOpen({ kind: action, items: refs });
    else if (action === 'rename' || action === 'share' || action === 'details')
      setOpen({ kind: action, item: items[0] });
  };

  let dialogs: ReactNode = null;
  if (open?.kind === 'create')
    dialogs = (
      <NameDialog
        title={t('cbox_ui.explorer.new_folder')}
        kind="folder"
        initial=""
        submitLabel={t('cbox_ui.explorer.create')}
        busy={create.isPending}
        onClose={close}
        onSubmit={(name) => create.mutate({ name, parent_id: folderId }, { onSuccess: close })}
      />
    );
  else if (open?.kind === 'rename')
    dialogs = (
      <NameDialog
        title={t('cbox_ui.explorer.rename_title', { name: open.item.name })}
        kind={open.item.kind}
        initial={open.item.name}
        submitLabel={t('cbox_ui.explorer.save')}
        busy={rename.isPending}
        onClose={close}
        onSubmit={(name) => rename.mutate({ kind: open.item.kind, id: open.item.id, name }, { onSuccess: close })}
      />
    );
  else if (open?.kind === 'move')
    dialogs = (
      <MoveDialog
        items={open.items}
        busy={move.isPending}
        onClose={close}
        onMove={(target) => moveInto(target, open.items)}
      />
    );
  else if (open?.kind === 'delete')
    dialogs = (
      <ConfirmDialog
        open
        danger
        title={t('cbox_ui.explorer.delete_title', { count: open.items.length })}
        body={t('cbox_ui.explorer.delete_body', { days: CBOX_LIMITS.trashDays })}
        confirmLabel={t('cbox_ui.explorer.action.delete')}
        busy={remove.isPending}
        testId="cbox-delete-confirm"
        onClose={close}
        onConfirm={() =>
          remove.mutate(selectionOf(open.items), {
            onSuccess: (answer) => {
              showSuccessToast(t('cbox_ui.explorer.deleted', { count: answer.data.deleted }));
              close();
            },
          })
        }
      />
    );
  else if (open?.kind === 'share')
    dialogs = (
      <ShareDialog
        target={{ kind: open.item.kind, id: open.item.id, name: open.item.name, levels: open.item.levels }}
        onClose={close}
      />
    );
  else if (open?.kind === 'details') dialogs = <FileDetailsDialog fileId={open.item.id} onClose={close} />;

  return { run, moveInto, dialogs };
}

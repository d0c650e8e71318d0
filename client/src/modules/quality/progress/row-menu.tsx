import { IconButton, Menu, Portal } from '@chakra-ui/react';
import {
  ArrowDown,
  ArrowUp,
  History,
  IndentDecrease,
  IndentIncrease,
  ListPlus,
  MoreVertical,
  Plus,
  Trash2,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActivityRow } from '#domain/quality-responses';
import type { MoveKind } from './activity-tree.ts';

export type RowAction = 'add_child' | 'bulk_child' | 'history' | 'delete' | MoveKind;

type Props = {
  row: ActivityRow;
  canEdit: boolean;
  /** The moves that make sense for this row (none while the list is filtered: its siblings are not all shown). */
  moves: ReadonlySet<MoveKind>;
  onAction: (action: RowAction, row: ActivityRow) => void;
};

const MOVES: { kind: MoveKind; icon: typeof ArrowUp }[] = [
  { kind: 'up', icon: ArrowUp },
  { kind: 'down', icon: ArrowDown },
  { kind: 'indent', icon: IndentIncrease },
  { kind: 'outdent', icon: IndentDecrease },
];

/** An activity's actions: its history for everyone; sub-activities, moves and delete with calidad_editar. */
export function RowMenu({ row, canEdit, moves, onAction }: Props) {
  const { t } = useTranslation();
  const label = (k: string) => t(`quality_ui.progress.actions.${k}`);
  return (
    <Menu.Root onSelect={(d) => onAction(d.value as RowAction, row)} lazyMount unmountOnExit>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="xs"
          aria-label={t('quality_ui.progress.actions.menu', { description: row.description })}
          data-testid={`activity-menu-${row.id}`}
        >
          <MoreVertical size={16} />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.Item value="history">
              <History size={14} aria-hidden="true" />
              {label('history')}
            </Menu.Item>
            {canEdit ? (
              <>
                <Menu.Item value="add_child">
                  <Plus size={14} aria-hidden="true" />
                  {label('add_child')}
                </Menu.Item>
                <Menu.Item value="bulk_child">
                  <ListPlus size={14} aria-hidden="true" />
                  {label('bulk_child')}
                </Menu.Item>
                <Menu.Separator />
                {MOVES.map(({ kind, icon: Icon }) => (
                  <Menu.Item key={kind} value={kind} disabled={!moves.has(kind)}>
                    <Icon size={14} aria-hidden="true" />
                    {label(kind)}
                  </Menu.Item>
                ))}
                <Menu.Separator />
                <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <Trash2 size={14} aria-hidden="true" />
                  {label('delete')}
                </Menu.Item>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

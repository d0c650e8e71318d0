import { Badge, Box, Button, HStack, IconButton, Menu, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { CornerDownRight, EllipsisVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CmTaskCommandType } from '#domain/cmanagement';
import type { CmTaskRow } from '#domain/cmanagement-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { canAddSubtask, type TaskTreeLine } from './task-tree.ts';

const STATE_PALETTE = { pendiente: 'gray', en_curso: 'blue', completada: 'green' } as const;

type Props = {
  lines: TaskTreeLine[];
  canManage: boolean;
  busyTaskId: number | null;
  onAction: (row: CmTaskRow, event: CmTaskCommandType) => void;
  onAddSubtask: (row: CmTaskRow) => void;
  onEdit: (row: CmTaskRow) => void;
  onDelete: (row: CmTaskRow) => void;
};

/** The ticket's tasks as an indented tree: dates, progress, assignee, state and what may be done to each. */
export function TaskTreeList({ lines, canManage, busyTaskId, onAction, onAddSubtask, onEdit, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Stack
      as="ul"
      role="tree"
      aria-label={t('cmanagement_ui.tasks.tree')}
      gap="0"
      borderWidth="1px"
      borderRadius="md"
      listStyleType="none"
    >
      {lines.map(({ row, depth, hasChildren }) => (
        <Box
          as="li"
          role="treeitem"
          aria-level={depth + 1}
          aria-expanded={hasChildren ? true : undefined}
          key={row.id}
          data-testid="cm-task-line"
          data-task-id={row.id}
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
          py="2"
          pe="2"
          ps={`${12 + depth * 20}px`}
        >
          <HStack align="start" gap="2">
            {depth > 0 ? <CornerDownRight size={14} aria-hidden style={{ marginTop: 4, flexShrink: 0 }} /> : null}
            <Stack gap="1" flex="1" minW="0">
              <HStack gap="2" flexWrap="wrap">
                <Text fontWeight={depth === 0 ? 'semibold' : 'normal'} truncate>
                  {row.name}
                </Text>
                <Badge colorPalette={STATE_PALETTE[row.state]} size="sm">
                  {t(`cmanagement_ui.tasks.state.${row.state}`)}
                </Badge>
              </HStack>
              <HStack gap="3" fontSize="sm" color="fg.muted" flexWrap="wrap">
                <Text>
                  {dateText(row.start_date, i18n.language)} – {dateText(row.end_date, i18n.language)}
                </Text>
                <Text>{row.assignee ? row.assignee.full_name : t('cmanagement_ui.tasks.unassigned')}</Text>
              </HStack>
              <HStack gap="2" maxW="280px">
                <Progress.Root value={row.progress} size="xs" flex="1" aria-label={t('cmanagement_ui.tasks.progress')}>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="xs" color="fg.muted" minW="9">
                  {row.progress}%
                </Text>
              </HStack>
            </Stack>
            {canManage ? (
              <HStack gap="1" flexShrink={0}>
                {row.allowed_events.map((event) => (
                  <Button
                    key={event}
                    size="xs"
                    variant="outline"
                    loading={busyTaskId === row.id}
                    onClick={() => onAction(row, event)}
                    data-testid={`cm-task-${event}`}
                    display={{ base: 'none', sm: 'inline-flex' }}
                  >
                    {t(`cmanagement_ui.tasks.events.${event}`)}
                  </Button>
                ))}
                <Menu.Root>
                  <Menu.Trigger asChild>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('cmanagement_ui.tasks.actions', { name: row.name })}
                    >
                      <EllipsisVertical size={16} />
                    </IconButton>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content>
                        {row.allowed_events.map((event) => (
                          <Menu.Item
                            key={event}
                            value={event}
                            onClick={() => onAction(row, event)}
                            display={{ sm: 'none' }}
                          >
                            {t(`cmanagement_ui.tasks.events.${event}`)}
                          </Menu.Item>
                        ))}
                        {canAddSubtask({ row, depth, hasChildren }) ? (
                          <Menu.Item value="subtask" onClick={() => onAddSubtask(row)}>
                            {t('cmanagement_ui.tasks.add_subtask')}
                          </Menu.Item>
                        ) : null}
                        <Menu.Item value="edit" onClick={() => onEdit(row)}>
                          {t('cmanagement_ui.tasks.edit')}
                        </Menu.Item>
                        <Menu.Item value="delete" color="fg.error" onClick={() => onDelete(row)}>
                          {t('cmanagement_ui.tasks.delete')}
                        </Menu.Item>
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </HStack>
            ) : null}
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}

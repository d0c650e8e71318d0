import type { CSSProperties, ReactNode } from 'react';
import { Badge, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent } from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CmCustomFieldRow } from '#domain/cmanagement-responses';
import { useReorderFields } from '../api/config.ts';

const T = 'cmanagement_ui.config.fields';

/** A field's facts beside its name: type, multiple, required, inactive. */
function FieldBadges({ field }: { field: CmCustomFieldRow }) {
  const { t } = useTranslation();
  return (
    <HStack gap="1" wrap="wrap">
      <Badge variant="outline">{t(`cmanagement_ui.field_types.${field.type}`)}</Badge>
      {field.multiple ? <Badge>{t(`${T}.badge_multiple`)}</Badge> : null}
      {field.required ? <Badge colorPalette="orange">{t(`${T}.badge_required`)}</Badge> : null}
      {!field.active ? <Badge colorPalette="gray">{t(`${T}.badge_inactive`)}</Badge> : null}
    </HStack>
  );
}

type Props = {
  categoryId: number;
  fields: CmCustomFieldRow[];
  renderActions: (f: CmCustomFieldRow) => ReactNode;
  renderBelow: (f: CmCustomFieldRow) => ReactNode;
};

function FieldRow({ field, actions, below }: { field: CmCustomFieldRow; actions: ReactNode; below: ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.id,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    zIndex: isDragging ? 1 : undefined,
  };
  return (
    <Stack
      as="li"
      ref={setNodeRef}
      style={style}
      gap="2"
      p="2"
      borderWidth="1px"
      borderRadius="l2"
      bg={isDragging ? 'bg.muted' : 'bg'}
      data-testid={`field-${field.id}`}
    >
      <Flex align="center" gap="2" wrap="wrap">
        <IconButton
          ref={setActivatorNodeRef}
          variant="ghost"
          size="sm"
          minW="44px"
          minH="44px"
          cursor="grab"
          aria-label={t(`${T}.drag`, { name: field.name })}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={16} />
        </IconButton>
        <Stack gap="1" flex="1" minW="160px">
          <Text fontWeight="medium" color={field.active ? undefined : 'fg.muted'}>
            {field.name}
          </Text>
          {field.description ? (
            <Text textStyle="xs" color="fg.muted" lineClamp={2}>
              {field.description}
            </Text>
          ) : null}
          <FieldBadges field={field} />
        </Stack>
        {actions}
      </Flex>
      {below}
    </Stack>
  );
}

/** The category's fields in their order; a drag (pointer or keyboard) saves the new order at once. */
export function SortableFieldList({ categoryId, fields, renderActions, renderBelow }: Props) {
  const { t } = useTranslation();
  const reorder = useReorderFields(categoryId);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: unknown) => fields.find((f) => f.id === id)?.name ?? '';
  const positionOf = (id: unknown) => fields.findIndex((f) => f.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('widgets.options_editor.dnd.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('widgets.options_editor.dnd.over', {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: fields.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('widgets.options_editor.dnd.end', {
        name: nameOf(active.id),
        position: positionOf(over?.id ?? active.id),
        total: fields.length,
      }),
    onDragCancel: ({ active }) => t('widgets.options_editor.dnd.cancel', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.id === active.id);
    const to = fields.findIndex((f) => f.id === over.id);
    reorder.mutate(arrayMove(fields, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('widgets.options_editor.dnd.instructions') },
      }}
    >
      <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label={t(`${T}.list`)} data-testid="fields-list">
          {fields.map((f) => (
            <FieldRow key={f.id} field={f} actions={renderActions(f)} below={renderBelow(f)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

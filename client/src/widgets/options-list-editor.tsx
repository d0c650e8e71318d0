import { useId, useState } from 'react';
import type { CSSProperties } from 'react';
import { Badge, Box, Button, Field, Flex, IconButton, Input, Switch, Text, VisuallyHidden } from '@chakra-ui/react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_OPTIONS_MAX } from '#domain/limits';
import type { AddOutcome, EditableOption } from './options-list.ts';
import { addOption, isNewOption, moveOption, optionKey, removeOption, toggleOptionDisabled } from './options-list.ts';

export type { EditableOption } from './options-list.ts';

export type OptionsListEditorProps = {
  value: EditableOption[];
  onChange: (value: EditableOption[]) => void;
  /** Most items allowed, counting disabled ones (docs/product.md §5/§9: 50 custom-field options). */
  max?: number;
  /** Label of the new-option box; defaults to 'Nueva opción'. */
  label?: string;
  readOnly?: boolean;
};

type RowProps = {
  option: EditableOption;
  readOnly?: boolean;
  onRemove: () => void;
  onToggle: () => void;
};

function OptionRow({ option, readOnly, onRemove, onToggle }: RowProps) {
  const { t } = useTranslation();
  const id = optionKey(option);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: readOnly,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    zIndex: isDragging ? 1 : undefined,
  };
  const isNew = isNewOption(option);
  return (
    <Flex
      as="li"
      ref={setNodeRef}
      style={style}
      data-option-key={id}
      align="center"
      gap="2"
      px="2"
      minH="10"
      borderWidth="1px"
      borderRadius="l2"
      bg={isDragging ? 'bg.muted' : 'bg'}
    >
      {!readOnly && (
        <IconButton
          ref={setActivatorNodeRef}
          variant="ghost"
          size="xs"
          cursor="grab"
          aria-label={t('widgets.options_editor.drag', { name: option.name })}
          {...attributes}
          {...listeners}
        >
          <GripVertical size={16} />
        </IconButton>
      )}
      <Text
        flex="1"
        fontSize="sm"
        wordBreak="break-word"
        color={option.disabled ? 'fg.subtle' : undefined}
        textDecoration={option.disabled ? 'line-through' : undefined}
        data-disabled={option.disabled || undefined}
      >
        {option.name}
      </Text>
      {isNew && (
        <Badge size="sm" colorPalette="brand">
          {t('widgets.options_editor.new_badge')}
        </Badge>
      )}
      {isNew ? (
        !readOnly && (
          <IconButton
            variant="ghost"
            size="xs"
            colorPalette="red"
            aria-label={t('widgets.options_editor.remove', { name: option.name })}
            onClick={onRemove}
          >
            <Trash2 size={16} />
          </IconButton>
        )
      ) : (
        // docs/product.md §5: saved options are never removed (answers may use them), only disabled.
        <Switch.Root size="sm" checked={!option.disabled} disabled={readOnly} onCheckedChange={onToggle}>
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>
            <VisuallyHidden>{t('widgets.options_editor.enabled', { name: option.name })}</VisuallyHidden>
          </Switch.Label>
        </Switch.Root>
      )}
    </Flex>
  );
}

/**
 * docs/product.md §2/§5 options-list editor: add trimmed names (duplicates in any case are ignored), at most
 * `max` with an 'n / max' counter, reorder by drag (pointer or keyboard), remove new items and
 * enable/disable saved ones.
 */
export function OptionsListEditor({
  value,
  onChange,
  max = CUSTOM_FIELD_OPTIONS_MAX,
  label,
  readOnly,
}: OptionsListEditorProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<{ outcome: AddOutcome; name: string } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = value.map(optionKey);
  const atMax = value.length >= max;

  const nameOf = (id: UniqueIdentifier) => value.find((o) => optionKey(o) === id)?.name ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => (id == null ? 0 : keys.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('widgets.options_editor.dnd.start', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('widgets.options_editor.dnd.over', {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: keys.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('widgets.options_editor.dnd.end', {
        name: nameOf(active.id),
        position: positionOf(over?.id ?? active.id),
        total: keys.length,
      }),
    onDragCancel: ({ active }) => t('widgets.options_editor.dnd.cancel', { name: nameOf(active.id) }),
  };

  function add() {
    const { list, outcome } = addOption(value, draft, max);
    if (outcome === 'added') {
      onChange(list);
      setDraft('');
      setRefusal(null);
    } else if (outcome === 'empty') {
      setRefusal(null);
    } else {
      setRefusal({ outcome, name: draft.trim() });
    }
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onChange(moveOption(value, String(active.id), String(over.id)));
  }

  const message =
    refusal?.outcome === 'duplicate'
      ? t('widgets.options_editor.duplicate', { name: refusal.name })
      : atMax
        ? t('widgets.options_editor.max_reached', { max })
        : null;

  return (
    <Box>
      {!readOnly && (
        <Field.Root ids={{ control: inputId }} mb="2">
          <Flex justify="space-between" align="baseline" w="full">
            <Field.Label>{label ?? t('widgets.options_editor.new_label')}</Field.Label>
            <Text
              fontSize="xs"
              color={atMax ? 'orange.fg' : 'fg.muted'}
              aria-live="polite"
              data-testid="options-counter"
            >
              {t('widgets.options_editor.counter', { count: value.length, max })}
            </Text>
          </Flex>
          <Flex gap="2" w="full">
            <Input
              value={draft}
              placeholder={t('widgets.options_editor.new_placeholder')}
              onChange={(e) => {
                setDraft(e.target.value);
                if (refusal?.outcome === 'duplicate') setRefusal(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault(); // never submit the surrounding form from this box
                  add();
                }
              }}
            />
            <Button onClick={add} disabled={atMax} flexShrink={0}>
              <Plus size={16} aria-hidden="true" />
              {t('widgets.options_editor.add')}
            </Button>
          </Flex>
          {message && (
            <Text role="status" fontSize="sm" color="orange.fg" mt="1">
              {message}
            </Text>
          )}
        </Field.Root>
      )}
      {value.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('widgets.options_editor.empty')}
        </Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={handleDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('widgets.options_editor.dnd.instructions') },
          }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <Flex as="ul" direction="column" gap="1" listStyleType="none" m="0" p="0">
              {value.map((option) => {
                const key = optionKey(option);
                return (
                  <OptionRow
                    key={key}
                    option={option}
                    readOnly={readOnly}
                    onRemove={() => onChange(removeOption(value, key))}
                    onToggle={() => onChange(toggleOptionDisabled(value, key))}
                  />
                );
              })}
            </Flex>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}

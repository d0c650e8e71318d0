import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, chakra, Input, NativeSelect } from '@chakra-ui/react';
import type { EditorKind } from './activity-fields.ts';

/** A value typed that could not be saved: the text stays in the cell with the field's message under it. */
export type CellError = { text: string; message: string };

type Props = {
  kind: EditorKind;
  /** The value as the cell shows it when not editing. */
  display: ReactNode;
  /** What the editor opens with. */
  initialText: string;
  options?: { value: string; label: string }[];
  canEdit: boolean;
  /** What the field is, for screen readers ("Descripción: Losa piso 3"). */
  label: string;
  error?: CellError;
  /** Enter, blur or a choice in a select: the parent validates and saves (or sets an error). */
  onCommit: (text: string) => void;
  /** Escape: the value stays as stored and any error is dropped. */
  onCancel: () => void;
  testId?: string;
  align?: 'start' | 'end';
};

/**
 * One cell of the activity list edited in place: a click (or Enter on the focused cell) opens an input, Enter or
 * leaving it saves, Escape cancels. A refused value keeps the typed text with its message, in place.
 */
export function EditableCell({
  kind,
  display,
  initialText,
  options = [],
  canEdit,
  label,
  error,
  onCommit,
  onCancel,
  testId,
  align = 'start',
}: Props) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(initialText);
  const [shouldFocus, setShouldFocus] = useState(false);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const messageId = useId();
  const isOpen = editing || Boolean(error);

  useEffect(() => {
    if (error) setText(error.text);
  }, [error]);
  useEffect(() => {
    if (isOpen && shouldFocus) {
      input.current?.focus();
      if (kind !== 'select' && kind !== 'date') input.current?.select();
      setShouldFocus(false);
    }
  }, [isOpen, shouldFocus, kind]);

  if (!canEdit)
    return (
      <Box truncate textAlign={align} w="full" data-testid={testId}>
        {display}
      </Box>
    );

  if (!isOpen)
    return (
      <chakra.button
        type="button"
        w="full"
        h="full"
        minH="8"
        px="1"
        textAlign={align}
        borderRadius="sm"
        cursor="text"
        truncate
        _hover={{ bg: 'bg.emphasized' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
        aria-label={label}
        data-testid={testId}
        onClick={() => {
          setText(initialText);
          setEditing(true);
          setShouldFocus(true);
        }}
      >
        {display}
      </chakra.button>
    );

  const commit = (value: string) => {
    // A refused value left as it was is not sent again on blur: the message stays until it changes or Escape.
    if (error && value === error.text) return;
    setEditing(false);
    onCommit(value);
  };
  const cancel = () => {
    setEditing(false);
    setText(initialText);
    onCancel();
  };
  const common = {
    ref: input,
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? messageId : undefined,
    'data-testid': testId ? `${testId}-input` : undefined,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        commit(text);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        cancel();
      }
    },
  };

  return (
    <Box position="relative" w="full">
      {kind === 'select' ? (
        <NativeSelect.Root size="xs">
          <NativeSelect.Field
            {...common}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              commit(e.currentTarget.value);
            }}
            onBlur={() => (error ? undefined : setEditing(false))}
            borderColor={error ? 'border.error' : undefined}
          >
            <option value="">—</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          {...common}
          size="xs"
          type={kind === 'date' ? 'date' : 'text'}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          textAlign={align}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onBlur={() => commit(text)}
          borderColor={error ? 'border.error' : undefined}
        />
      )}
      {error ? (
        <Box
          id={messageId}
          role="alert"
          position="absolute"
          top="100%"
          insetStart="0"
          mt="0.5"
          zIndex="1"
          minW="full"
          maxW="260px"
          px="2"
          py="1"
          borderRadius="sm"
          bg="red.subtle"
          color="fg.error"
          textStyle="xs"
          whiteSpace="normal"
          boxShadow="sm"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error.message}
        </Box>
      ) : null}
    </Box>
  );
}

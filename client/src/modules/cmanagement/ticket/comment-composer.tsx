import { useRef, useState } from 'react';
import { Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CM_COMMENT_MAX } from '#domain/cmanagement';
import type { PersonBrief } from '#domain/responses';
import { matchesTerm } from '../../../widgets/text-match.ts';
import { insertMention, mentionQueryAt } from '../components/mentions.ts';

const SUGGESTIONS_MAX = 8;

/**
 * A comment box where "@" and a name open a picker of the project's people; choosing one writes the mention
 * `@[Nombre](id)` (domain/cmanagement.ts CM_MENTION_PATTERN), which the server reads to notify them.
 */
export function CommentComposer({
  people,
  busy,
  error,
  onSubmit,
}: {
  people: readonly PersonBrief[];
  busy?: boolean;
  error?: string;
  onSubmit: (body: string, done: () => void) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const mention = mentionQueryAt(text, caret);
  const matches = mention
    ? people.filter((p) => matchesTerm(p.full_name, mention.query)).slice(0, SUGGESTIONS_MAX)
    : [];
  const open = matches.length > 0;

  const choose = (person: PersonBrief) => {
    if (!mention) return;
    const next = insertMention(text, mention.start, caret, { id: person.id, name: person.full_name });
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onSubmit(text.trim(), () => setText(''));
      }}
    >
      <Stack gap="2">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{t('cmanagement_ui.comments.label')}</Field.Label>
          <Box position="relative" w="full">
            <Textarea
              ref={ref}
              value={text}
              rows={3}
              maxLength={CM_COMMENT_MAX}
              placeholder={t('cmanagement_ui.comments.placeholder')}
              data-testid="comment-input"
              aria-autocomplete="list"
              // No aria-expanded: a textarea keeps the textbox role, which does not take it (axe aria-allowed-attr).
              aria-controls={open ? 'cm-mention-list' : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setCaret(e.target.selectionStart);
                setActive(0);
              }}
              onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
              onKeyDown={(e) => {
                if (!open) return;
                if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                  e.preventDefault();
                  setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
                } else if (e.key === 'Enter' || e.key === 'Tab') {
                  e.preventDefault();
                  choose(matches[active]);
                } else if (e.key === 'Escape') setCaret(-1);
              }}
            />
            {open ? (
              <Box
                as="ul"
                id="cm-mention-list"
                role="listbox"
                aria-label={t('cmanagement_ui.comments.mention')}
                position="absolute"
                zIndex="dropdown"
                top="100%"
                left="0"
                mt="1"
                minW="220px"
                maxW="full"
                bg="bg.panel"
                borderWidth="1px"
                borderRadius="md"
                shadow="md"
                listStyleType="none"
                py="1"
              >
                {matches.map((p, i) => (
                  <Box
                    as="li"
                    key={p.id}
                    role="option"
                    aria-selected={i === active}
                    data-testid="mention-option"
                    px="3"
                    py="1.5"
                    cursor="pointer"
                    bg={i === active ? 'bg.emphasized' : undefined}
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(p);
                    }}
                  >
                    <Text textStyle="sm">{p.full_name}</Text>
                  </Box>
                ))}
              </Box>
            ) : null}
          </Box>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <HStack justify="flex-end">
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            loading={busy}
            disabled={!text.trim()}
            data-testid="comment-submit"
          >
            {t('cmanagement_ui.comments.send')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

import { Badge, Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CM_MANAGE } from '#domain/cmanagement';
import type { PersonBrief } from '#domain/responses';
import { serverFieldErrors } from '../../../api/errors.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { commentsQuery, useAddComment } from '../api/tickets.ts';
import { mentionSegments } from '../components/mentions.ts';
import { CommentComposer } from './comment-composer.tsx';

/** A comment's text with its mentions as chips. */
export function CommentBody({ body }: { body: string }) {
  return (
    <Text textStyle="sm" whiteSpace="pre-wrap">
      {mentionSegments(body).map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : (
          <Badge key={i} colorPalette="brand" variant="subtle" data-testid="mention-chip" data-user-id={s.id}>
            @{s.name}
          </Badge>
        ),
      )}
    </Text>
  );
}

/** The ticket's comments, oldest first, and the box to add one with @mentions. */
export function CommentsSection({ ticketId, people }: { ticketId: number; people: readonly PersonBrief[] }) {
  const { t, i18n } = useTranslation();
  const comments = useQuery(commentsQuery(ticketId));
  const add = useAddComment(ticketId);
  const canManage = useCan(CM_MANAGE);
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {t('cmanagement_ui.comments.title')}
        </Heading>
        <Stack gap="3" data-testid="comments">
          {(comments.data ?? []).length === 0 && !comments.isPending ? (
            <Text textStyle="sm" color="fg.muted">
              {t('cmanagement_ui.comments.empty')}
            </Text>
          ) : null}
          {(comments.data ?? []).map((c) => (
            <Box key={c.id} borderLeftWidth="3px" borderColor="border.emphasized" pl="3" data-testid="comment">
              <Text textStyle="xs" color="fg.muted">
                {c.author?.full_name ?? t('cmanagement_ui.comments.someone')} ·{' '}
                {dateTimeText(c.created_at, i18n.language)}
              </Text>
              <CommentBody body={c.body} />
            </Box>
          ))}
        </Stack>
        {canManage ? (
          <CommentComposer
            people={people}
            busy={add.isPending}
            error={add.error ? serverFieldErrors(add.error).body : undefined}
            onSubmit={(body, done) => add.mutate(body, { onSuccess: done })}
          />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

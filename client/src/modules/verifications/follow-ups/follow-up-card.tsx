import { Box, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FollowUpRow } from '#domain/verifications-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { AttachmentGallery } from '../../../widgets/upload/attachment-gallery.tsx';
import { FollowUpStateTag } from '../components/reception-state-tag.tsx';
import { VERIFICATIONS_BASE } from '../components/verifications-frame.tsx';

const T = 'verifications_ui.follow_ups';
export const receptionPath = (id: number) => `${VERIFICATIONS_BASE}/recepcion/${id}`;

/** The due date, in red once past (an open follow-up). */
export function DueOn({ row }: { row: FollowUpRow }) {
  const { t, i18n } = useTranslation();
  const late = row.state === 'abierto' && row.overdue;
  return (
    <Text
      as="span"
      color={late ? 'fg.error' : undefined}
      fontWeight={late ? 'semibold' : undefined}
      data-testid="follow-up-due"
    >
      {t(`${T}.due_on`, { day: dateText(row.due_on, i18n.language) })}
    </Text>
  );
}

/** How it was closed: the day, who, the note and the photos. */
export function ClosingInfo({ row }: { row: FollowUpRow }) {
  const { t, i18n } = useTranslation();
  if (row.state !== 'cerrado') return null;
  return (
    <Stack gap="1" textStyle="sm" data-testid="follow-up-closing">
      <Text color="fg.muted">
        {row.closed_by
          ? t(`${T}.closed_by`, { day: dateText(row.closed_on, i18n.language), name: row.closed_by.name })
          : t(`${T}.closed_on`, { day: dateText(row.closed_on, i18n.language) })}
      </Text>
      {row.closing_note ? <Text>{row.closing_note}</Text> : null}
      <AttachmentGallery files={row.closing_photos} label={t(`${T}.closing_photos`)} />
    </Stack>
  );
}

/** One follow-up as a card: its reception (linked, unless shown on the reception's own page), what failed, when due. */
export function FollowUpCard({
  row,
  withReception,
  onClose,
}: {
  row: FollowUpRow;
  withReception: boolean;
  onClose?: (row: FollowUpRow) => void;
}) {
  const { t } = useTranslation();
  const canClose = Boolean(onClose) && row.allowed_events.includes('followUp.close');
  return (
    <Card.Root size="sm" data-testid="follow-up-card">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            {withReception ? (
              <Link asChild colorPalette="brand" textStyle="sm" fontWeight="semibold">
                <RouterLink
                  to={receptionPath(row.reception_id)}
                >{`${row.reception_code} · ${row.reception_name}`}</RouterLink>
              </Link>
            ) : null}
            <Text fontWeight={withReception ? undefined : 'semibold'}>{row.title}</Text>
          </Box>
          <FollowUpStateTag state={row.state} overdue={row.overdue} />
        </HStack>
        <Text textStyle="sm">{row.note}</Text>
        <Text textStyle="sm">
          <DueOn row={row} />
        </Text>
        <ClosingInfo row={row} />
        {canClose ? (
          <Button
            size="sm"
            minH="44px"
            variant="outline"
            colorPalette="brand"
            alignSelf="start"
            onClick={() => onClose?.(row)}
            data-testid="follow-up-close"
          >
            {t(`${T}.close_action`)}
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

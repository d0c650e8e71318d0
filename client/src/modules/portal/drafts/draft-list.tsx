import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import type { DraftStatus, TicketDraft } from '../api/draft-store.ts';
import { useTicketDrafts } from '../api/use-ticket-drafts.ts';
import { useIsOnline } from '../api/use-online.ts';

const PALETTE: Record<DraftStatus, string> = {
  saved: 'gray',
  waiting: 'orange',
  sending: 'blue',
  sent: 'green',
  refused: 'red',
};

function DraftCard({ draft, onDiscard }: { draft: TicketDraft; onDiscard: () => void }) {
  const { t } = useTranslation();
  const { send } = useTicketDrafts(draft.ownerId);
  const isOnline = useIsOnline();
  const canSend = isOnline && (draft.status === 'saved' || draft.status === 'waiting');
  return (
    <Card.Root size="sm" data-testid="portal-draft" aria-label={draft.subject}>
      <Card.Body gap="2">
        <HStack justify="space-between" gap="2" align="flex-start" wrap="wrap">
          <Text fontWeight="semibold">{draft.subject}</Text>
          <Badge colorPalette={PALETTE[draft.status]} data-testid="portal-draft-status" role="status">
            {t(`portal.drafts.status.${draft.status}`)}
          </Badge>
        </HStack>
        {draft.status !== 'sent' ? (
          <Text textStyle="sm" color="fg.muted">
            {draft.status === 'saved' ? '' : `${t('portal.drafts.status.saved')} · `}
            {t('portal.drafts.photos', { count: draft.photos.length })}
          </Text>
        ) : null}
        {draft.status === 'refused' && draft.errors
          ? Object.values(draft.errors).map((message) => (
              <Text key={message} textStyle="sm" color="red.700">
                {message}
              </Text>
            ))
          : null}
        <HStack gap="2" wrap="wrap">
          {draft.status === 'sent' && draft.ticketId ? (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={`/portal/solicitud/${draft.ticketId}`}>
                {t('portal.drafts.open_ticket', { code: draft.ticketCode ?? draft.ticketId })}
              </RouterLink>
            </Button>
          ) : null}
          {canSend ? (
            <Button size="sm" colorPalette="brand" onClick={() => void send(draft)}>
              {t('portal.drafts.send_now')}
            </Button>
          ) : null}
          {draft.status === 'refused' ? (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={`/portal/solicitud/nueva?borrador=${draft.key}`}>{t('portal.drafts.edit')}</RouterLink>
            </Button>
          ) : null}
          {draft.status !== 'sending' && draft.status !== 'sent' ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={onDiscard}>
              {t('portal.drafts.discard')}
            </Button>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The owner's drafts on this device (docs/product.md#owner-portal, offline drafts), above their tickets. */
export function DraftList({ ownerId }: { ownerId: number }) {
  const { t } = useTranslation();
  const { drafts, discard } = useTicketDrafts(ownerId);
  const [discarding, setDiscarding] = useState<string | null>(null);
  if (!drafts.length) return null;
  return (
    <Stack gap="2" as="section" aria-label={t('portal.drafts.title')}>
      <Heading as="h2" size="md">
        {t('portal.drafts.title')}
      </Heading>
      {drafts.map((d) => (
        <DraftCard key={d.key} draft={d} onDiscard={() => setDiscarding(d.key)} />
      ))}
      <ConfirmDialog
        open={discarding !== null}
        title={t('portal.drafts.discard')}
        body={t('portal.drafts.discard_confirm')}
        confirmLabel={t('portal.drafts.discard')}
        danger
        onConfirm={() => {
          if (discarding) void discard(discarding);
          setDiscarding(null);
        }}
        onClose={() => setDiscarding(null)}
      />
    </Stack>
  );
}

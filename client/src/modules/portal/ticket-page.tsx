import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Heading, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MESSAGE_MAX } from '#domain/schemas/after-sales';
import { TICKET_CREATED_STATES, type TicketState } from '#machines/ticket';
import { serverFieldErrors } from '../../api/errors.ts';
import type { FieldErrors } from '../../shared/forms.ts';
import { useRouteId } from '../../shared/route-id.ts';
import { PageSpinner } from '../../shared/layout/page-states.tsx';
import { ObservationList } from '../../widgets/observation-list.tsx';
import { AttachmentGallery } from '../../widgets/upload/attachment-gallery.tsx';
import { FileUploader } from '../../widgets/upload/file-uploader.tsx';
import { absoluteFileUrl, type UploadedFileItem } from '../../widgets/upload/upload-api.ts';
import { portalMessagesQuery, portalTicketQuery } from './api/portal-api.ts';
import { usePortalReply } from './api/portal-mutations.ts';
import { PortalStateBadge } from './state-badge.tsx';
import { usePortalTicketRoom } from './api/use-portal-live.ts';
import { VisitList } from './visit-card.tsx';
import { PortalAcList } from './ac-list.tsx';
import { PortalPlanCard } from './plan-card.tsx';

function Reply({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<UploadedFileItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = usePortalReply(ticketId);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return setErrors({ body: t('validation.required') });
    send.mutate(
      {
        body: body.trim(),
        attachments: photos.map((p) => ({ path: p.path, name: p.name, size: p.size, type: p.type ?? '' })),
      },
      {
        onSuccess: () => {
          setBody('');
          setPhotos([]);
          setErrors({});
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="portal-reply">
      <Stack gap="2">
        <Textarea
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={MESSAGE_MAX}
          rows={3}
          placeholder={t('portal.ticket.reply_placeholder')}
          aria-label={t('portal.ticket.reply')}
          aria-invalid={Boolean(errors.body)}
        />
        {errors.body ? (
          <Text color="fg.error" textStyle="sm">
            {errors.body}
          </Text>
        ) : null}
        <FileUploader context="general" photos accept={['jpg', 'jpeg', 'png']} value={photos} onChange={setPhotos} />
        <Button type="submit" colorPalette="brand" alignSelf="flex-end" loading={send.isPending}>
          {t('portal.ticket.send')}
        </Button>
      </Stack>
    </form>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link asChild textStyle="sm" colorPalette="brand">
      <RouterLink to="/portal/inicio">
        <ArrowLeft size={14} />
        {t('portal.back')}
      </RouterLink>
    </Link>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <BackLink />
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('portal.ticket.not_found')}</Alert.Title>
      </Alert.Root>
    </Stack>
  );
}

/** One of the owner's tickets: its visits to answer, its failures and the public conversation (never private notes). */
export function PortalTicketPage() {
  const id = useRouteId('solicitudId');
  // `/portal/solicitud/abc` is not a ticket: no request, the not-found state.
  return id === null ? <NotFound /> : <PortalTicket id={id} />;
}

function PortalTicket({ id }: { id: number }) {
  const { t } = useTranslation();
  const ticket = useQuery(portalTicketQuery(id));
  // The conversation is asked for once the ticket is there: a missing ticket makes one request, one toast.
  const messages = useQuery({ ...portalMessagesQuery(id, 1), enabled: ticket.isSuccess });
  usePortalTicketRoom(id);
  if (ticket.isPending) return <PageSpinner />;
  if (!ticket.data) return <NotFound />;
  const d = ticket.data;
  // The owner writes while the ticket is still created (docs/product.md §4: unresolved or resolved), not once closed or merged.
  const canWrite = (TICKET_CREATED_STATES as readonly TicketState[]).includes(d.state);
  return (
    <Stack gap="4">
      <BackLink />
      <Box>
        <HStack gap="2" wrap="wrap">
          <Heading as="h1" size="lg">
            {d.code}
          </Heading>
          <PortalStateBadge state={d.state} />
        </HStack>
        <Text mt="1">{d.subject}</Text>
        <Text textStyle="sm" color="fg.muted">
          {[d.tower?.name, t('portal.unit', { number: d.unit.number })].filter(Boolean).join(' · ')}
          {d.responsible ? ` · ${t('portal.ticket.responsible', { name: d.responsible.full_name })}` : ''}
        </Text>
      </Box>
      {d.visits.length ? (
        <Stack gap="2" as="section" aria-label={t('portal.home.visits')}>
          <Heading as="h2" size="md">
            {t('portal.home.visits')}
          </Heading>
          <VisitList visits={d.visits} />
        </Stack>
      ) : null}
      <PortalAcList
        ticketId={id}
        acs={d.acs ?? []}
        ownerName={d.applicant ? `${d.applicant.name} ${d.applicant.last_name}` : ''}
      />
      {d.failures.length ? (
        <Card.Root size="sm">
          <Card.Body>
            <Heading as="h2" size="sm" mb="2">
              {t('portal.ticket.failures')}
            </Heading>
            <Stack gap="1">
              {d.failures.map((f) => (
                <Box key={f.id} data-testid="portal-failure">
                  <HStack justify="space-between" textStyle="sm" gap="2">
                    <Text>
                      {f.place.name} › {f.item.name} › {f.detail.name}
                    </Text>
                    <Text color="fg.muted" flexShrink={0}>
                      {t(`after_sales.failure_states.${f.state}`)}
                    </Text>
                  </HStack>
                  {f.attachments?.length ? (
                    <AttachmentGallery
                      files={f.attachments}
                      label={t('portal.ticket.failure_photos', { failure: f.detail.name })}
                    />
                  ) : null}
                </Box>
              ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
      {d.failures.length ? <PortalPlanCard ticketId={id} /> : null}
      <Card.Root size="sm">
        <Card.Body>
          <Heading as="h2" size="sm" mb="3">
            {t('portal.ticket.messages')}
          </Heading>
          {canWrite ? (
            <Box mb="4">
              <Reply ticketId={id} />
            </Box>
          ) : null}
          <Box data-testid="portal-messages">
            <ObservationList
              entries={(messages.data?.data ?? []).map((m) => ({
                id: m.id,
                usuario: m.usuario
                  ? { name: m.usuario.name, color: m.usuario.color, acronimo: m.usuario.acronimo }
                  : { name: t('portal.ticket.team') },
                fecha: m.fecha,
                text: m.text,
                archivos: m.archivos.map((a) => ({
                  name: a.name,
                  path: a.path,
                  url: absoluteFileUrl(a.url ?? a.path),
                  id: a.path,
                })),
              }))}
              emptyText={t('portal.ticket.no_messages')}
            />
          </Box>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

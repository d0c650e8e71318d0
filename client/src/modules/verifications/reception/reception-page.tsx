import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { thumbnailPathOf } from '#domain/files';
import type { FollowUpRow, ReceptionDetail } from '#domain/verifications-responses';
import { apiOrigin, v2Url } from '../../../api/clients.ts';
import { dateText, dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { AttachmentGallery } from '../../../widgets/upload/attachment-gallery.tsx';
import { FileThumbnail } from '../../../widgets/upload/file-thumbnail.tsx';
import { useReceptionCommand } from '../api/inspection-mutations.ts';
import { useVerificationsLive } from '../api/live-sync.ts';
import { receptionQuery } from '../api/receptions.ts';
import { ReceptionStateTag, ResultTag } from '../components/reception-state-tag.tsx';
import { VERIFICATIONS_BASE } from '../components/verifications-frame.tsx';
import { CloseFollowUpDialog } from '../follow-ups/close-follow-up-dialog.tsx';
import { FollowUpCard } from '../follow-ups/follow-up-card.tsx';
import { CancelReceptionDialog } from './cancel-reception-dialog.tsx';
import { checkpointElementId, Checklist } from './checklist.tsx';
import { SignReceptionDialog } from './sign-reception-dialog.tsx';

const T = 'verifications_ui.reception';

/** The record's PDF (pdf_url): a URL as is, an absolute path on the API's origin, else a path of the v2 API. */
export const pdfHref = (pdfUrl: string) =>
  /^https?:/.test(pdfUrl) ? pdfUrl : pdfUrl.startsWith('/') ? `${apiOrigin()}${pdfUrl}` : v2Url(pdfUrl);

/**
 * /verifications/recepcion/{receptionId}: one reception's inspection, designed first for a phone on site. Programmed:
 * start it (its template's checkpoints are copied). In inspection: the checklist, answered one checkpoint at a time,
 * then signed by the inspector and the contractor. Signed: the results, the signatures, the follow-ups and the PDF
 * record. Another device's answers arrive live (the project's room).
 */
export function ReceptionPage() {
  const { t } = useTranslation();
  const { receptionId } = useParams();
  const query = useQuery(receptionQuery(Number(receptionId)));
  return (
    <Stack gap="3" p={{ base: '2', md: '4' }} maxW="960px" mx="auto" w="full">
      <Link asChild alignSelf="start" textStyle="sm">
        <RouterLink to={`${VERIFICATIONS_BASE}/gantt`}>
          <ArrowLeft size={14} aria-hidden="true" />
          {t('routes.verifications.gantt.title')}
        </RouterLink>
      </Link>
      <QueryState query={query}>{(reception) => <ReceptionView reception={reception} />}</QueryState>
    </Stack>
  );
}

type Open = 'sign' | 'cancel' | { close: FollowUpRow } | null;

function ReceptionView({ reception: r }: { reception: ReceptionDetail }) {
  const { t } = useTranslation();
  useVerificationsLive(r.project_id);
  const [open, setOpen] = useState<Open>(null);
  const [itemErrors, setItemErrors] = useState<Record<number, string>>({});
  const start = useReceptionCommand(r.id);
  const can = (event: ReceptionDetail['allowed_events'][number]) => r.allowed_events.includes(event);
  const close = () => setOpen(null);

  // The sign-off's refusals per checkpoint: the first one is brought into view.
  const firstError = Object.keys(itemErrors)[0];
  useEffect(() => {
    if (!firstError) return;
    document
      .getElementById(checkpointElementId(Number(firstError)))
      ?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [itemErrors, firstError]);

  return (
    <Stack gap="4">
      <Header reception={r} />
      {r.state === 'programada' ? (
        r.template === null ? (
          <Alert.Root status="warning" data-testid="reception-no-template">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                {t(`${T}.no_template`)}{' '}
                <Link asChild fontWeight="semibold">
                  <RouterLink to={`${VERIFICATIONS_BASE}/uploader`}>{t(`${T}.no_template_link`)}</RouterLink>
                </Link>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : can('reception.start') ? (
          <Button
            colorPalette="brand"
            size="lg"
            minH="52px"
            w={{ base: 'full', sm: 'auto' }}
            loading={start.isPending}
            onClick={() => start.mutate({ verb: 'iniciar', body: {} })}
            data-testid="reception-start"
          >
            {t(`${T}.start`)}
          </Button>
        ) : (
          <Text color="fg.muted">{t(`${T}.not_started`)}</Text>
        )
      ) : null}
      {r.state === 'en_inspeccion' ? (
        <>
          <Checklist reception={r} editable={can('reception.sign')} errors={itemErrors} />
          {can('reception.sign') ? (
            <Button
              colorPalette="brand"
              size="lg"
              minH="52px"
              w={{ base: 'full', sm: 'auto' }}
              onClick={() => setOpen('sign')}
              data-testid="reception-sign"
            >
              {t(`${T}.sign_action`)}
            </Button>
          ) : null}
        </>
      ) : null}
      {r.state === 'observada' || r.state === 'aprobada' ? (
        <Signed reception={r} onCloseFollowUp={(f) => setOpen({ close: f })} />
      ) : null}
      {r.state === 'anulada' ? (
        <Alert.Root status="neutral" data-testid="reception-cancelled">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`${T}.cancelled`)}</Alert.Title>
            {r.cancel_reason ? <Alert.Description>{r.cancel_reason}</Alert.Description> : null}
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {can('reception.cancel') ? (
        <Button
          variant="ghost"
          colorPalette="red"
          alignSelf={{ base: 'stretch', sm: 'start' }}
          minH="44px"
          onClick={() => setOpen('cancel')}
          data-testid="reception-cancel"
        >
          {t(`${T}.cancel_action`)}
        </Button>
      ) : null}
      {open === 'sign' ? (
        <SignReceptionDialog reception={r} onClose={close} onItemErrors={(errors) => setItemErrors(errors)} />
      ) : null}
      {open === 'cancel' ? <CancelReceptionDialog reception={r} onClose={close} /> : null}
      {open && typeof open === 'object' ? (
        <CloseFollowUpDialog projectId={r.project_id} followUp={open.close} onClose={close} />
      ) : null}
    </Stack>
  );
}

function Header({ reception: r }: { reception: ReceptionDetail }) {
  const { t, i18n } = useTranslation();
  const day = (d: string | null) => dateText(d, i18n.language);
  return (
    <Stack gap="2">
      <HStack justify="space-between" align="start" gap="2">
        <Box minW="0">
          <Text textStyle="sm" color="fg.muted">
            {r.code}
          </Text>
          <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
            {r.name}
          </Heading>
        </Box>
        <ReceptionStateTag state={r.state} />
      </HStack>
      <Grid templateColumns="auto 1fr" columnGap="3" rowGap="1" textStyle="sm" data-testid="reception-facts">
        <Fact label={t(`${T}.work_package`)}>{r.work_package ?? '—'}</Fact>
        <Fact label={t(`${T}.location`)}>{r.location ?? '—'}</Fact>
        <Fact label={t(`${T}.contractor`)}>{r.contractor ?? '—'}</Fact>
        <Fact label={t(`${T}.planned`)}>
          {t(`${T}.planned_range`, { start: day(r.planned_start), end: day(r.planned_end) })}
        </Fact>
        {r.started_on ? <Fact label={t(`${T}.started_on`)}>{day(r.started_on)}</Fact> : null}
        {r.signed_on ? <Fact label={t(`${T}.signed_on`)}>{day(r.signed_on)}</Fact> : null}
        {r.inspector ? <Fact label={t(`${T}.inspector`)}>{r.inspector.name}</Fact> : null}
      </Grid>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text color="fg.muted">{label}</Text>
      <Box minW="0">{children}</Box>
    </>
  );
}

/** A signed reception: each checkpoint's answer, the observations, both signatures, the follow-ups and the PDF. */
function Signed({
  reception: r,
  onCloseFollowUp,
}: {
  reception: ReceptionDetail;
  onCloseFollowUp: (f: FollowUpRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const items = [...r.items].sort((a, b) => a.position - b.position);
  return (
    <Stack gap="4">
      {r.pdf_url ? (
        <Button asChild variant="outline" colorPalette="brand" minH="44px" alignSelf={{ base: 'stretch', sm: 'start' }}>
          <a href={pdfHref(r.pdf_url)} target="_blank" rel="noopener noreferrer" data-testid="reception-pdf">
            <FileDown size={16} aria-hidden /> {t(`${T}.pdf`)}
          </a>
        </Button>
      ) : null}
      <Stack gap="2" data-testid="reception-results">
        <Heading as="h2" size="md">
          {t(`${T}.results`, { total: items.length, failed: r.failed_count })}
        </Heading>
        {items.map((item, i) => (
          <Card.Root key={item.id} size="sm" data-testid="result-card">
            <Card.Body gap="1.5">
              <HStack justify="space-between" align="start" gap="2">
                <Text fontWeight="semibold">{`${i + 1}. ${item.title}`}</Text>
                {item.result ? <ResultTag result={item.result} /> : null}
              </HStack>
              {item.note ? <Text textStyle="sm">{item.note}</Text> : null}
              {item.result === 'no_cumple' && item.due_on ? (
                <Text textStyle="sm" color="fg.muted">
                  {t(`${T}.due_on`, { day: dateText(item.due_on, i18n.language) })}
                </Text>
              ) : null}
              <AttachmentGallery files={item.photos} label={t(`${T}.photos`)} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      {r.observations ? (
        <Stack gap="1">
          <Heading as="h2" size="md">
            {t(`${T}.observations`)}
          </Heading>
          <Text textStyle="sm" whiteSpace="pre-wrap">
            {r.observations}
          </Text>
        </Stack>
      ) : null}
      <Stack gap="2">
        <Heading as="h2" size="md">
          {t(`${T}.signatures`)}
        </Heading>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2">
          {[
            { role: 'inspector', sig: r.inspector_signature },
            { role: 'contractor', sig: r.contractor_signature },
          ].map(({ role, sig }) =>
            sig ? (
              <Card.Root key={role} size="sm" data-testid={`signature-${role}`}>
                <Card.Body gap="1">
                  <Text textStyle="xs" color="fg.muted">
                    {t(`${T}.signature_${role}`)}
                  </Text>
                  <FileThumbnail
                    size={120}
                    file={{
                      name: sig.image.name,
                      path: sig.image.path,
                      url_thumbnail: thumbnailPathOf(sig.image.path),
                    }}
                  />
                  <Text fontWeight="semibold">{sig.name}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    {dateTimeText(sig.signed_at, i18n.language)}
                  </Text>
                </Card.Body>
              </Card.Root>
            ) : null,
          )}
        </Grid>
      </Stack>
      {r.follow_ups.length ? (
        <Stack gap="2" data-testid="reception-follow-ups">
          <Heading as="h2" size="md">
            {t(`${T}.follow_ups`, { n: r.follow_ups.length })}
          </Heading>
          {r.follow_ups.map((f) => (
            <FollowUpCard key={f.id} row={f} withReception={false} onClose={onCloseFollowUp} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

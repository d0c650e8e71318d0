import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, messageSchema } from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { ObservationList } from '../../../widgets/observation-list.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import { FileViewer, type ViewerFile } from '../../../widgets/upload/file-viewer.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { useSendMessage } from '../api/ticket-mutations.ts';
import { useMarkupHandlers } from '../api/photo-mutations.ts';
import { AGENT_EXPRESSION, OWNER_MESSAGE } from '#domain/tickets';
import type { TimelineEntry } from '../api/types.ts';
import { timelineQuery } from '../api/tickets-api.ts';
import { toAttachments } from '../components/attachments.ts';
import { TextAreaField } from '../../../widgets/form-fields.tsx';
import { toObservation } from './timeline.ts';
import { useTicket } from './use-ticket.ts';
import { showSuccessToast } from '../../../api/notify.ts';

function Composer({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [files, setFiles] = useState<UploadedFileItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isAttaching, setAttaching] = useState(false);
  const send = useSendMessage(ticketId);
  function submit() {
    const r = validate(
      messageSchema,
      { body, visibility: isPublic ? 'public' : 'private', attachments: toAttachments(files) },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    send.mutate(
      { ...r.data, attachments: r.data.attachments.map((a) => ({ ...a, type: a.type ?? '' })) },
      {
        onSuccess: () => {
          showSuccessToast(t('after_sales_ui.toasts.message_sent'));
          setBody('');
          setFiles([]);
          setErrors({});
          setAttaching(false);
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }
  return (
    <Card.Root data-testid="message-composer">
      <Card.Body asChild gap="3">
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <TextAreaField
            label={t('after_sales_ui.activity.message')}
            required
            value={body}
            onChange={setBody}
            maxLength={MESSAGE_MAX}
            error={errors.body}
            rows={2}
            testId="message-body"
          />
          {/* Private notes never reach the owner (docs/product.md#ticket-screens); public messages do. */}
          <ToggleInput
            label={t('after_sales_ui.activity.public')}
            checked={isPublic}
            onChange={setPublic}
            description={
              isPublic ? t('after_sales_ui.activity.public_help') : t('after_sales_ui.activity.private_help')
            }
          />
          {isAttaching || files.length ? (
            <FileUploader
              context="general"
              photos
              value={files}
              onChange={setFiles}
              label={t('after_sales_ui.form.attachments')}
            />
          ) : null}
          <Flex justify="space-between" gap="2">
            <Button variant="ghost" size="sm" onClick={() => setAttaching((v) => !v)} disabled={files.length > 0}>
              <Paperclip size={14} aria-hidden="true" />
              {t('after_sales_ui.form.attachments')}
            </Button>
            <Button type="submit" colorPalette="brand" loading={send.isPending} data-testid="message-send">
              {isPublic ? t('after_sales_ui.activity.send_public') : t('after_sales_ui.activity.send_private')}
            </Button>
          </Flex>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** docs/product.md §2 solicitud/{id}/actividad: changes and messages, newest first (last 50 a page, docs/product.md §9), and the composer. */
export function ActividadTab() {
  const { t } = useTranslation();
  const ticket = useTicket();
  const canWrite = useCan('postventa_gestionar');
  // A public message reaches the owner: adding a photo to it takes the right to write to them.
  const mayMessageOwner = useCan(OWNER_MESSAGE);
  const isAgent = useCan(AGENT_EXPRESSION);
  const canWriteOwner = mayMessageOwner || isAgent;
  const markupOf = useMarkupHandlers(ticket.id);
  const markupFor = (e: TimelineEntry) =>
    canWrite && e.source === 'message' && e.tipo.kind === 'message' && (e.visibility === 'private' || canWriteOwner)
      ? markupOf({ kind: 'message', messageId: Number(e.id.slice(1)) })
      : undefined;
  const [page, setPage] = useState(1);
  const [file, setFile] = useState<ViewerFile | null>(null);
  const timeline = useQuery({ ...timelineQuery(ticket.id, page), placeholderData: keepPreviousData });
  const entries = timeline.data?.data ?? [];
  return (
    <Stack gap="4">
      {canWrite && ticket.state !== 'fusionada' ? <Composer ticketId={ticket.id} /> : null}
      <Card.Root>
        <Card.Body>
          <HStack justify="space-between" mb="3">
            <Text fontWeight="semibold">{t('after_sales_ui.activity.title')}</Text>
            <HStack gap="2" textStyle="xs">
              <Badge colorPalette="green" variant="subtle">
                {t('after_sales_ui.activity.public_badge')}
              </Badge>
              <Badge colorPalette="gray" variant="subtle">
                {t('after_sales_ui.activity.private_badge')}
              </Badge>
            </HStack>
          </HStack>
          <Stack gap="0" data-testid="timeline">
            {entries.map((e) => (
              <Box
                key={e.id}
                borderStartWidth="3px"
                borderColor={e.visibility === 'public' ? 'green.400' : 'border.emphasized'}
                ps="3"
                py="2"
                data-testid="timeline-entry"
                data-visibility={e.visibility}
              >
                <ObservationList
                  entries={[toObservation(e, t)]}
                  onMarkup={() => markupFor(e)}
                  onOpenFile={(f) =>
                    setFile({ name: f.name ?? '', path: String(f.filename ?? ''), url: f.url ?? null })
                  }
                />
              </Box>
            ))}
            {!timeline.isPending && !entries.length ? (
              <Text color="fg.muted">{t('after_sales_ui.activity.empty')}</Text>
            ) : null}
          </Stack>
          {(timeline.data?.total ?? 0) > (timeline.data?.rowsPerPage ?? Infinity) ? (
            <TablePagination
              page={page}
              total={timeline.data!.total}
              rowsPerPage={timeline.data!.rowsPerPage}
              onPageChange={setPage}
            />
          ) : null}
        </Card.Body>
      </Card.Root>
      <FileViewer file={file} open={Boolean(file)} onClose={() => setFile(null)} />
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Button, Card, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CONCRETE_DOCUMENT_BYTES_MAX,
  CONCRETE_DOCUMENT_KINDS,
  CONCRETE_DOCUMENTS_PER_UPLOAD_MAX,
  type ConcreteDocumentKind,
} from '#domain/concrete-placements';
import type { ConcreteDocument } from '#domain/concrete-placements-responses';
import { formatBytes } from '#domain/files';
import { isApiError } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { formatDate } from '../../../shared/format.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import { absoluteFileUrl, type UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { placementListQuery } from '../api/placements.ts';
import { concreteDocumentsQuery } from '../api/uploader.ts';
import { useAddConcreteDocuments, useRemoveConcreteDocument } from '../api/uploader-mutations.ts';

const T = 'concrete.uploader.documents';

/** A refusal as the person reads it: the server's per-file messages, else its message. */
const messageOf = (e: unknown, fallback: string) => {
  if (!isApiError(e)) return fallback;
  const fields = [...new Set(Object.values(e.fields))];
  return fields.length ? fields.join(' · ') : e.message || fallback;
};

/**
 * The project's supporting documents (docs/product.md §5: dispatch guides, lab reports, PDF only): the list, each
 * name a link to its PDF through the files module; with hormigon_editar, an upload of PDFs of one kind (and
 * optionally of a placement) and removing one after a confirmation.
 */
export function DocumentsCard({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'pt-BR' ? 'pt-BR' : 'es';
  const documents = useQuery(concreteDocumentsQuery(projectId));
  const [removing, setRemoving] = useState<ConcreteDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveConcreteDocument(projectId);
  const confirmRemove = () =>
    removing &&
    remove.mutate(removing.id, {
      onSuccess: () => setRemoving(null),
      onError: (e) => setError(messageOf(e, t(`${T}.error`))),
    });
  return (
    <Card.Root data-testid="concrete-documents">
      <Card.Header>
        <Card.Title>{t(`${T}.title`)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <QueryState query={documents}>
            {(list) =>
              list.length === 0 ? (
                <Text color="fg.muted">{t(`${T}.empty`)}</Text>
              ) : (
                <Stack gap="2" as="ul" listStyleType="none">
                  {list.map((d) => (
                    <HStack
                      as="li"
                      key={d.id}
                      justify="space-between"
                      borderWidth="1px"
                      borderRadius="md"
                      px="3"
                      py="2"
                      data-testid="concrete-document"
                    >
                      <Stack gap="1" minW="0">
                        <HStack wrap="wrap" gap="2">
                          <Badge variant="outline">{t(`${T}.kinds.${d.kind}`)}</Badge>
                          <Link href={absoluteFileUrl(d.path)} target="_blank" rel="noopener" truncate>
                            {d.name}
                          </Link>
                        </HStack>
                        <Text textStyle="xs" color="fg.muted">
                          {[
                            formatBytes(d.size),
                            d.placement ? t(`${T}.placement_number`, { number: d.placement.number }) : null,
                            d.uploaded_by
                              ? t(`${T}.uploaded_by`, {
                                  name: d.uploaded_by.full_name,
                                  date: formatDate(d.created_at, locale),
                                })
                              : t(`${T}.uploaded_at`, { date: formatDate(d.created_at, locale) }),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </Stack>
                      {canEdit && (
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t(`${T}.delete_document`, { name: d.name })}
                          onClick={() => setRemoving(d)}
                        >
                          <Trash2 size={16} />
                        </IconButton>
                      )}
                    </HStack>
                  ))}
                </Stack>
              )
            }
          </QueryState>
          {canEdit && <UploadDocuments projectId={projectId} />}
        </Stack>
        <ConfirmDialog
          open={removing !== null}
          title={t(`${T}.delete_title`)}
          body={error ?? t(`${T}.delete_body`, { name: removing?.name ?? '' })}
          confirmLabel={t(`${T}.delete`)}
          danger
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onClose={() => {
            setRemoving(null);
            setError(null);
          }}
        />
      </Card.Body>
    </Card.Root>
  );
}

/** Uploaded PDFs (the files module's uploader), of one kind and optionally one placement, attached in one request. */
function UploadDocuments({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ConcreteDocumentKind>(CONCRETE_DOCUMENT_KINDS[0]);
  const [placementId, setPlacementId] = useState('');
  const [uploaded, setUploaded] = useState<UploadedFileItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const placements = useQuery(placementListQuery({ project_id: projectId, sort: 'number', desc: 'true', rows: 500 }));
  const add = useAddConcreteDocuments(projectId);
  const submit = () => {
    setError(null);
    add.mutate(
      {
        kind,
        placement_id: placementId ? Number(placementId) : null,
        files: uploaded.map((u) => ({ path: u.path, name: u.name, size: u.size })),
      },
      {
        onSuccess: () => {
          showSuccessToast(t(`${T}.uploaded`, { count: uploaded.length }));
          // An empty value resets the uploader, ready for the next batch.
          setUploaded([]);
        },
        onError: (e) => setError(messageOf(e, t(`${T}.error`))),
      },
    );
  };
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4" data-testid="concrete-documents-upload">
      <HStack gap="3" align="start" wrap="wrap">
        <Stack flex="1" minW="200px">
          <SelectField
            label={t(`${T}.kind`)}
            value={kind}
            onChange={(v) => setKind(v as ConcreteDocumentKind)}
            options={CONCRETE_DOCUMENT_KINDS.map((k) => ({ value: k, label: t(`${T}.kinds.${k}`) }))}
            testId="concrete-document-kind"
          />
        </Stack>
        <Stack flex="1" minW="200px">
          <SelectField
            label={t(`${T}.placement`)}
            value={placementId}
            onChange={setPlacementId}
            placeholder={t(`${T}.placement_none`)}
            options={(placements.data?.data ?? []).map((p) => ({
              value: String(p.id),
              label: t(`${T}.placement_number`, { number: p.number }),
            }))}
            testId="concrete-document-placement"
          />
        </Stack>
      </HStack>
      <FileUploader
        context="general"
        accept={['pdf']}
        maxFiles={CONCRETE_DOCUMENTS_PER_UPLOAD_MAX}
        maxFileSize={CONCRETE_DOCUMENT_BYTES_MAX}
        value={uploaded}
        onChange={setUploaded}
        label={t(`${T}.files`)}
      />
      {error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
      <Button
        alignSelf="flex-end"
        colorPalette="brand"
        disabled={!uploaded.length}
        loading={add.isPending}
        onClick={submit}
        data-testid="concrete-documents-submit"
      >
        {t(`${T}.upload`, { count: uploaded.length })}
      </Button>
    </Stack>
  );
}

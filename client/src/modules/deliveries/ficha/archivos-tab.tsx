import { useState } from 'react';
import { Button, Card, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD } from '#domain/limits';
import { formatBytes } from '#domain/files';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import { downloadFile } from '../../../widgets/upload/download.ts';
import { absoluteFileUrl, type UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { certificatesQuery, type Certificate } from '../api/ficha-api.ts';
import { useCertificates } from '../api/ficha-tabs-api.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { REVIEW, useUnitId } from './use-unit-id.ts';

/** docs/product.md §2 archivos / §5: the unit's certificates, PDF only, at most 100 files of 20 MB each. */
export function ArchivosTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const canEdit = useCan(REVIEW);
  const query = useQuery(certificatesQuery(unitId));
  const [uploaded, setUploaded] = useState<UploadedFileItem[]>([]);
  const [removing, setRemoving] = useState<Certificate | null>(null);
  const { attach, remove } = useCertificates(unitId);
  // An empty value resets the uploader (docs/product.md §4 upload item), ready for the next batch.
  const attachUploaded = () =>
    attach.mutate(
      uploaded.map((u) => u.path),
      {
        onSuccess: () => {
          setUploaded([]);
          showSuccessToast(t('deliveries_ui.messages.saved'));
        },
      },
    );
  if (query.isPending) return <PageSpinner minH="20vh" />;
  const list = query.data?.data ?? [];
  const room = Math.max(UPLOAD.certificateMaxFiles - list.length, 0);
  return (
    <Stack gap="4">
      {canEdit && room > 0 ? (
        <Card.Root>
          <Card.Body>
            <Stack gap="3">
              <FileUploader
                context="certificate"
                maxFiles={room}
                value={uploaded}
                onChange={setUploaded}
                label={t('deliveries_ui.files.upload')}
              />
              <Button
                alignSelf="flex-end"
                colorPalette="brand"
                disabled={!uploaded.length}
                loading={attach.isPending}
                onClick={attachUploaded}
                data-testid="certificates-attach"
              >
                {t('deliveries_ui.files.attach', { count: uploaded.length })}
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
      <Text textStyle="sm" color="fg.muted">
        {t('deliveries_ui.files.count', { count: list.length, max: UPLOAD.certificateMaxFiles })}
      </Text>
      {list.map((c) => (
        <HStack
          key={c.id}
          justify="space-between"
          borderWidth="1px"
          borderRadius="md"
          px="3"
          py="2"
          data-testid="certificate-row"
        >
          <Stack gap="0" minW="0">
            <Link href={absoluteFileUrl(c.url || c.path)} target="_blank" rel="noopener" truncate>
              {c.name}
            </Link>
            <Text textStyle="xs" color="fg.muted">
              {formatBytes(c.size)}
            </Text>
          </Stack>
          <HStack gap="1">
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('deliveries_ui.actions.download')}
              onClick={() => void downloadFile(c.url || c.path, { name: c.name, withCredentials: true })}
            >
              <Download size={16} />
            </IconButton>
            {canEdit ? (
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t('deliveries_ui.actions.delete')}
                onClick={() => setRemoving(c)}
              >
                <Trash2 size={16} />
              </IconButton>
            ) : null}
          </HStack>
        </HStack>
      ))}
      <ConfirmDialog
        open={removing !== null}
        danger
        busy={remove.isPending}
        title={t('deliveries_ui.files.remove_title')}
        body={t('deliveries_ui.files.remove_body', { name: removing?.name ?? '' })}
        confirmLabel={t('deliveries_ui.actions.delete')}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

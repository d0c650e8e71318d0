import { Badge, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#domain/files';
import { holdsLevel } from '#domain/cbox';
import type { CboxFileDetail } from '#domain/cbox-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { downloadFile } from '../../../widgets/upload/download.ts';
import { useRestoreVersion } from '../api/files-api.ts';
import { When } from './when.tsx';

/** Versions, newest first: number, size, who, when; each downloadable, an old one restorable with can-edit. */
export function VersionsPanel({ detail }: { detail: CboxFileDetail }) {
  const { t } = useTranslation();
  const restore = useRestoreVersion();
  const canEdit = holdsLevel(detail.file.levels, 'can-edit');
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t('cbox_ui.details.tab_versions')}>
      {detail.versions.map((v) => (
        <HStack
          as="li"
          key={v.id}
          gap="2"
          borderWidth="1px"
          borderRadius="md"
          p="3"
          align="flex-start"
          data-testid={`version-${v.version}`}
        >
          <Stack gap="0.5" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">{t('cbox_ui.details.version', { number: v.version })}</Text>
              {v.current ? <Badge colorPalette="green">{t('cbox_ui.details.current')}</Badge> : null}
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              {formatBytes(v.size)} ·{' '}
              {t('cbox_ui.details.by', { name: v.created_by?.name ?? t('cbox_ui.details.unknown_person') })}
            </Text>
            <When iso={v.created_at} />
          </Stack>
          <HStack gap="1" wrap="wrap" justify="flex-end">
            {canEdit && !v.current ? (
              <Button
                size="sm"
                minH="44px"
                variant="outline"
                aria-label={t('cbox_ui.details.restore_label', { number: v.version })}
                loading={restore.isPending && restore.variables?.versionId === v.id}
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(
                    { fileId: detail.file.id, versionId: v.id },
                    { onSuccess: () => showSuccessToast(t('cbox_ui.details.restored', { number: v.version })) },
                  )
                }
                data-testid={`version-restore-${v.version}`}
              >
                {t('cbox_ui.details.restore')}
              </Button>
            ) : null}
            <IconButton
              variant="ghost"
              aria-label={t('cbox_ui.details.download_version', { number: v.version })}
              onClick={() => void downloadFile(v.url, { name: detail.file.name, withCredentials: true })}
              data-testid={`version-download-${v.version}`}
            >
              <Download size={18} />
            </IconButton>
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}

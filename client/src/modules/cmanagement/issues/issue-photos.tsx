import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CM_ISSUE_PHOTOS_MAX } from '#domain/cmanagement';
import type { CmIssueRow } from '#domain/cmanagement-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { AttachmentGallery } from '../../../widgets/upload/attachment-gallery.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { useUpdateIssue } from '../api/issues.ts';

const T = 'cmanagement_ui.issues';
type Photo = CmIssueRow['photos'][number];
const asPhoto = (f: UploadedFileItem): Photo => ({ path: f.path, name: f.name, size: f.size, type: f.type });

/**
 * The issue's photos (files module upload, as after-sales does): each upload is saved on the issue at once, and a
 * marked copy (the viewer's "Marcar") joins them; any photo can be taken off.
 */
export function IssuePhotos({ issue, canManage }: { issue: CmIssueRow; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateIssue(issue.ticket_id);
  const room = CM_ISSUE_PHOTOS_MAX - issue.photos.length;
  const save = (photos: Photo[], message: string) =>
    update.mutateAsync({ issueId: issue.id, input: { photos } }).then(() => showSuccessToast(message));
  return (
    <Stack gap="3" as="section" aria-labelledby="cm-issue-photos-title">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h3" size="sm" id="cm-issue-photos-title">
          {t(`${T}.photos`)}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t(`${T}.photos_count`, { count: issue.photos.length, max: CM_ISSUE_PHOTOS_MAX })}
        </Text>
      </HStack>
      {issue.photos.length ? (
        <AttachmentGallery
          files={issue.photos}
          label={t(`${T}.photos`)}
          onMarkup={
            canManage && room > 0
              ? (copy) =>
                  save(
                    [...issue.photos, { path: copy.path, name: copy.name, size: copy.size, type: copy.type }],
                    t(`${T}.photo_added`),
                  )
              : undefined
          }
        />
      ) : (
        <Text color="fg.muted">{t(`${T}.no_photos`)}</Text>
      )}
      {canManage && issue.photos.length ? (
        <HStack gap="2" wrap="wrap">
          {issue.photos.map((p) => (
            <Button
              key={p.path}
              size="xs"
              minH="44px"
              variant="ghost"
              colorPalette="red"
              disabled={update.isPending}
              onClick={() =>
                void save(
                  issue.photos.filter((x) => x.path !== p.path),
                  t(`${T}.photo_removed`),
                )
              }
            >
              {t(`${T}.remove_photo`, { name: p.name })}
            </Button>
          ))}
        </HStack>
      ) : null}
      {canManage && room > 0 ? (
        <FileUploader
          context="general"
          photos
          accept={['jpg', 'jpeg', 'png', 'webp']}
          maxFiles={room}
          label={t(`${T}.add_photos`)}
          onChange={(items) => {
            // The uploader hands over every file uploaded so far: those not yet on the issue join it.
            const fresh = items.filter((f) => !issue.photos.some((p) => p.path === f.path)).map(asPhoto);
            if (fresh.length) void save([...issue.photos, ...fresh], t(`${T}.photo_added`));
          }}
        />
      ) : null}
    </Stack>
  );
}

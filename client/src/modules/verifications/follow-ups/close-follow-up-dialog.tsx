import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CHECKPOINT_PHOTOS_MAX, followUpCloseSchema, OBSERVATION_MAX } from '#domain/verifications';
import type { FollowUpRow } from '#domain/verifications-responses';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextAreaField } from '../../../widgets/form-fields.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { useCloseFollowUp } from '../api/inspection-mutations.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';

const T = 'verifications_ui.follow_ups.close';

/** "Cerrar seguimiento" (followUp.close): how the fix was verified on site, and its photos (camera on a phone). */
export function CloseFollowUpDialog({
  projectId,
  followUp,
  onClose,
}: {
  projectId: number;
  followUp: FollowUpRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const close = useCloseFollowUp(projectId);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<UploadedFileItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () => {
    const checked = validate(followUpCloseSchema, { note, photo_paths: photos.map((p) => p.path) }, t);
    if (!checked.ok) return setErrors(checked.errors);
    close.mutate({ followUpId: followUp.id, body: checked.data }, writeCallbacks(t, setErrors, onClose, `${T}.done`));
  };
  return (
    <FormDialog
      open
      title={t(`${T}.title`)}
      submitLabel={t(`${T}.submit`)}
      busy={close.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="close-follow-up-dialog"
    >
      <Text textStyle="sm">
        <Text as="span" fontWeight="semibold">
          {followUp.title}
        </Text>
        {` · ${followUp.note}`}
      </Text>
      <TextAreaField
        label={t(`${T}.note`)}
        required
        value={note}
        onChange={setNote}
        maxLength={OBSERVATION_MAX}
        rows={3}
        error={errors.note}
        testId="close-follow-up-note"
      />
      <FileUploader
        context="general"
        photos
        accept={['jpg', 'jpeg', 'png', 'webp']}
        maxFiles={CHECKPOINT_PHOTOS_MAX}
        label={t(`${T}.photos`)}
        value={photos}
        onChange={setPhotos}
      />
      {errors.photo_paths ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {errors.photo_paths}
        </Text>
      ) : null}
    </FormDialog>
  );
}

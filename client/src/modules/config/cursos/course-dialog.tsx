import { useState } from 'react';
import { Button, Dialog, Portal, Stack, Switch } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '#domain/courses-responses';
import { COURSE_DESCRIPTION_MAX, COURSE_NAME_MAX, courseSchema } from '#domain/schemas/courses';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useSaveCourse } from './cursos-api.ts';

/** Create or edit a course of the catalogue: name, description, and its material as a file and/or a link. */
export function CourseDialog({ course, onClose }: { course: CourseRow | null | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = course && course !== 'new' ? course : null;
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [materialUrl, setMaterialUrl] = useState(editing?.material_url ?? '');
  const [files, setFiles] = useState<UploadedFileItem[]>([]);
  const [isActive, setIsActive] = useState(editing?.is_active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveCourse();

  function submit() {
    const parsed = validate(
      courseSchema,
      {
        name,
        description,
        material_url: materialUrl,
        material_path: files[0]?.path ?? editing?.material?.path ?? null,
        is_active: isActive,
      },
      t,
    );
    if (!parsed.ok) return setErrors(parsed.errors);
    save.mutate(
      { id: editing?.id, input: parsed.data },
      { onSuccess: onClose, onError: (e) => setErrors(serverFieldErrors(e)) },
    );
  }

  return (
    <Dialog.Root open={course !== null} onOpenChange={(d) => !d.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="course-dialog">
            <Dialog.Header>
              <Dialog.Title>{t(editing ? 'config_ui.courses.edit' : 'config_ui.courses.new')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <TextField
                  label={t('config_ui.courses.name')}
                  required
                  value={name}
                  onChange={setName}
                  maxLength={COURSE_NAME_MAX}
                  error={errors.name}
                  testId="course-name"
                />
                <TextAreaField
                  label={t('config_ui.courses.description')}
                  value={description}
                  onChange={setDescription}
                  maxLength={COURSE_DESCRIPTION_MAX}
                  error={errors.description}
                />
                <TextField
                  label={t('config_ui.courses.material_url')}
                  value={materialUrl}
                  onChange={setMaterialUrl}
                  error={errors.material_url}
                />
                <FileUploader
                  label={t('config_ui.courses.material_file')}
                  maxFiles={1}
                  value={files}
                  onChange={setFiles}
                />
                {errors.material_path ? <span role="alert">{errors.material_path}</span> : null}
                <Switch.Root checked={isActive} onCheckedChange={(d) => setIsActive(d.checked)}>
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('config_ui.courses.active')}</Switch.Label>
                </Switch.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} minH="11">
                {t('common.cancel')}
              </Button>
              <Button onClick={submit} loading={save.isPending} minH="11" data-testid="course-save">
                {t('config_ui.save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

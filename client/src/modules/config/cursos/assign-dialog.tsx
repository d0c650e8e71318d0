import { useState } from 'react';
import { Button, Checkbox, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '#domain/courses-responses';
import { assignCourseSchema } from '#domain/schemas/courses';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { assignableUsersQuery, useAssignCourse } from './cursos-api.ts';

/**
 * Assign a course to users (docs/product.md §1 courses). Users without e-mail are listed but cannot be picked
 * (docs/product.md §5); the server refuses them too.
 */
export function AssignDialog({ courses, open, onClose }: { courses: CourseRow[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const users = useQuery({ ...assignableUsersQuery(), enabled: open });
  const [courseId, setCourseId] = useState('');
  const [userIds, setUserIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const assign = useAssignCourse();

  function close() {
    setCourseId('');
    setUserIds([]);
    setErrors({});
    onClose();
  }
  function submit() {
    const parsed = validate(assignCourseSchema, { course_id: courseId, user_ids: userIds }, t);
    if (!parsed.ok) return setErrors(parsed.errors);
    assign.mutate(parsed.data, { onSuccess: close, onError: (e) => setErrors(serverFieldErrors(e)) });
  }
  const toggle = (id: number, on: boolean) => setUserIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && close()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="assign-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('config_ui.courses.assign')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <SelectField
                  label={t('config_ui.courses.course')}
                  required
                  value={courseId}
                  onChange={setCourseId}
                  placeholder={t('config_ui.courses.pick_course')}
                  options={courses.filter((c) => c.is_active).map((c) => ({ value: String(c.id), label: c.name }))}
                  error={errors.course_id}
                  testId="assign-course"
                />
                <Stack as="fieldset" gap="2">
                  <Text as="legend" fontWeight="medium" mb="2">
                    {t('config_ui.courses.users')}
                  </Text>
                  {(users.data ?? []).map((u) => (
                    <Checkbox.Root
                      key={u.id}
                      checked={userIds.includes(u.id)}
                      disabled={!u.has_email}
                      onCheckedChange={(d) => toggle(u.id, d.checked === true)}
                      minH="11"
                      data-testid={`assign-user-${u.username}`}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {u.full_name} ({u.username}){u.has_email ? '' : ` · ${t('config_ui.courses.no_email')}`}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                  {errors.user_ids ? (
                    <Text color="fg.error" role="alert">
                      {errors.user_ids}
                    </Text>
                  ) : null}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} minH="11">
                {t('common.cancel')}
              </Button>
              <Button onClick={submit} loading={assign.isPending} minH="11" data-testid="assign-save">
                {t('config_ui.courses.assign_action')}
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

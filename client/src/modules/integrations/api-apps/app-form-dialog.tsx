import { useEffect, useState } from 'react';
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ApiAppCredentials, ApiAppRow } from '#domain/api-apps-responses';
import { API_APP_NAME_MAX } from '#domain/api-apps';
import { apiAppCreateSchema } from '#domain/schemas/api-apps';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useCreateApiApp, useUpdateApiApp } from '../api/api-app-mutations.ts';
import { ScopePicker } from './scope-picker.tsx';

type Props = {
  open: boolean;
  /** The app to edit; none: a new one. */
  app?: ApiAppRow | null;
  onClose: () => void;
  /** A new app's credentials, whose secret the caller shows once. */
  onCreated?: (credentials: ApiAppCredentials) => void;
};

/** Create an API app, or rename and rescope one, under the same rules (domain/schemas/api-apps.ts). */
export function AppFormDialog({ open, app, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateApiApp();
  const update = useUpdateApiApp();
  useEffect(() => {
    if (!open) return;
    setName(app?.name ?? '');
    setScope(app?.scope ?? []);
    setErrors({});
  }, [open, app]);
  const submit = () => {
    const checked = validate(apiAppCreateSchema, { name, scope }, t);
    if (!checked.ok) return setErrors(checked.errors);
    const onError = (err: unknown) => setErrors(serverFieldErrors(err));
    if (app)
      update.mutate(
        { id: app.id, ...checked.data },
        {
          onSuccess: () => {
            showSuccessToast(t('integrations_ui.api_apps.saved'));
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(checked.data, {
        onSuccess: (credentials) => {
          showSuccessToast(t('integrations_ui.api_apps.created'));
          onClose();
          onCreated?.(credentials);
        },
        onError,
      });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="api-app-dialog">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  {t(app ? 'integrations_ui.api_apps.edit_title' : 'integrations_ui.api_apps.new_app')}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    label={t('integrations_ui.api_apps.name')}
                    required
                    value={name}
                    onChange={setName}
                    error={errors.name}
                    maxLength={API_APP_NAME_MAX}
                    testId="api-app-name"
                  />
                  <ScopePicker value={scope} onChange={setScope} error={errors.scope ?? errors['scope.0']} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={create.isPending || update.isPending}
                  data-testid="api-app-submit"
                >
                  {t(app ? 'integrations_ui.api_apps.edit' : 'integrations_ui.api_apps.create')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

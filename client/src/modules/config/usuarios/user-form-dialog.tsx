import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, Field, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '#domain/schemas/auth';
import { userCreateSchema, userUpdateSchema } from '#domain/schemas/users';
import type { UserRow } from '#domain/users-responses';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { SelectField, TextField } from '../../../widgets/form-fields.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { PasswordInput } from '../../auth/index.ts';
import { userOptionsQuery } from './api/users-api.ts';
import { useSaveUser } from './api/user-mutations.ts';
import { uploadImage } from '../cuenta/account-api.ts';

type Form = {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  position_id: string;
  profile_id: string;
  all_projects: boolean;
  project_ids: string[];
  password: string;
  password_confirmation: string;
  signature_path: string | null;
};

const formOf = (user?: UserRow): Form => ({
  username: user?.username ?? '',
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  email: user?.email ?? '',
  position_id: user?.position ? String(user.position.id) : '',
  profile_id: user?.profile ? String(user.profile.id) : '',
  all_projects: user?.all_projects ?? false,
  project_ids: user?.projects.map((p) => String(p.id)) ?? [],
  password: '',
  password_confirmation: '',
  signature_path: user?.signature_path ?? null,
});

/** What the form sends: on edit a blank password keeps the current one. */
function payloadOf(form: Form, isEdit: boolean, original: string | null) {
  const { password, password_confirmation, signature_path, ...rest } = form;
  const base = {
    ...rest,
    // Sent only when it changed (a new image must be verified again, docs/product.md §4).
    ...(signature_path !== original ? { signature_path } : {}),
    position_id: form.position_id || null,
    profile_id: form.profile_id || undefined,
    project_ids: form.all_projects ? [] : form.project_ids,
  };
  return isEdit && !password && !password_confirmation ? base : { ...base, password, password_confirmation };
}

/**
 * Create or edit a user (docs/product.md §3 User): username, names, e-mail (valid, without ñ, may be empty), position,
 * profile, projects or all projects, password twice ('Valores no coinciden'). The same schemas as the server
 * (domain/schemas/users.ts); the server's 422 lands on the same fields, a limit reached on the toast.
 */
export function UserFormDialog({ user, open, onClose }: { user?: UserRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isEdit = Boolean(user);
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const options = useQuery({ ...userOptionsQuery(), enabled: open });
  const save = useSaveUser();
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const [uploading, setUploading] = useState(false);
  // docs/product.md §2 image picker: .jpg and .png only; uploaded through the files module, then named in the form.
  const pickSignature = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      set('signature_path')(await uploadImage(file, file.name));
    } catch {
      // the API client already showed the docs/product.md §8 toast
    } finally {
      setUploading(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = validate(
      isEdit ? userUpdateSchema : userCreateSchema,
      payloadOf(form, isEdit, user?.signature_path ?? null),
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate(
      { id: user?.id, input: r.data },
      {
        onSuccess: (answer) => {
          if (answer.message) showSuccessToast(answer.message);
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };
  const refs = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  const password = (name: 'password' | 'password_confirmation', label: string, helper?: string) => (
    <Field.Root invalid={Boolean(errors[name])} required={!isEdit}>
      <Field.Label>
        {label}
        {!isEdit ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <PasswordInput
        name={name}
        autoComplete="new-password"
        value={form[name]}
        onChange={(e) => set(name)(e.target.value)}
      />
      {helper && !errors[name] ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-form">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>
                  {isEdit ? t('config_users_ui.form.edit_title') : t('config_users_ui.form.new_title')}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    label={t('config_users.import.columns.username')}
                    required
                    value={form.username}
                    onChange={set('username')}
                    error={errors.username}
                    testId="user-username"
                    maxLength={50}
                  />
                  <TextField
                    label={t('config_users.import.columns.first_name')}
                    required
                    value={form.first_name}
                    onChange={set('first_name')}
                    error={errors.first_name}
                    testId="user-first-name"
                    maxLength={100}
                  />
                  <TextField
                    label={t('config_users.import.columns.last_name')}
                    required
                    value={form.last_name}
                    onChange={set('last_name')}
                    error={errors.last_name}
                    testId="user-last-name"
                    maxLength={100}
                  />
                  <TextField
                    label={t('config_users.import.columns.email')}
                    value={form.email}
                    onChange={set('email')}
                    error={errors.email}
                    testId="user-email"
                    helper={t('config_users_ui.form.email_helper')}
                    maxLength={254}
                  />
                  <SelectField
                    label={t('config_users.import.columns.position')}
                    value={form.position_id}
                    onChange={set('position_id')}
                    options={refs(options.data?.positions)}
                    placeholder={t('config_users_ui.form.none')}
                    error={errors.position_id}
                    testId="user-position"
                  />
                  <SelectField
                    label={t('config_users.import.columns.profile')}
                    required
                    value={form.profile_id}
                    onChange={set('profile_id')}
                    options={refs(options.data?.profiles)}
                    placeholder={t('config_users_ui.form.choose')}
                    error={errors.profile_id}
                    testId="user-profile"
                  />
                  <Checkbox.Root
                    checked={form.all_projects}
                    onCheckedChange={(d) => set('all_projects')(d.checked === true)}
                    data-testid="user-all-projects"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('config_users.all_projects')}</Checkbox.Label>
                  </Checkbox.Root>
                  {!form.all_projects ? (
                    <Stack gap="1">
                      <MultiSelectFilter
                        label={t('config_users.import.columns.projects')}
                        options={refs(options.data?.projects)}
                        value={form.project_ids}
                        onChange={set('project_ids')}
                        max={1000}
                      />
                      {errors.project_ids ? (
                        <Text color="fg.error" fontSize="sm">
                          {errors.project_ids}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : null}
                  <Field.Root invalid={Boolean(errors.signature_path)}>
                    <Field.Label>{t('config_users_ui.form.signature')}</Field.Label>
                    <input
                      type="file"
                      accept="image/png,image/jpeg"
                      aria-label={t('config_users_ui.form.signature')}
                      data-testid="user-signature"
                      onChange={(e) => void pickSignature(e.currentTarget.files?.[0])}
                      style={{ minHeight: 44 }}
                    />
                    <Field.HelperText>
                      {uploading
                        ? t('config_users_ui.form.signature_uploading')
                        : form.signature_path
                          ? t('config_users_ui.form.signature_ready')
                          : t('config_users_ui.form.signature_helper')}
                    </Field.HelperText>
                    <Field.ErrorText>{errors.signature_path}</Field.ErrorText>
                  </Field.Root>
                  {isEdit ? (
                    <Text fontSize="sm" color="fg.muted">
                      {t('config_users_ui.form.password_keep')}
                    </Text>
                  ) : null}
                  {password(
                    'password',
                    t('config_users.import.columns.password'),
                    t('account.page.password.hint', { min: PASSWORD_MIN }),
                  )}
                  {password('password_confirmation', t('config_users_ui.form.password_confirmation'))}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} minH="11">
                  {t('common.cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={save.isPending} minH="11" data-testid="user-save">
                  {t('config_users_ui.form.save')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

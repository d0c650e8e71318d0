import { useState } from 'react';
import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PermissionCatalogue, ProfileRow } from '#domain/access-responses';
import { profileSchema } from '#domain/schemas/profiles';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showToast, showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useCreateProfile, useUpdateProfile } from './permisos-api.ts';
import { GroupsField } from './groups-field.tsx';
import { PermissionGroups } from './permission-groups.tsx';
import { draftOf, EMPTY_DRAFT, hasProfileChanges, inputOf, type ProfileDraft } from './profile-draft.ts';

type Props = {
  catalogue: PermissionCatalogue;
  /** The profile edited, or null for a new one. */
  profile: ProfileRow | null;
  onSaved: (row: ProfileRow) => void;
  onCancel: () => void;
};

/** docs/product.md §6 profile editor: name, groups, permissions by module, exclusive permissions. */
export function ProfileEditor({ catalogue, profile, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProfileDraft>(() => (profile ? draftOf(profile) : EMPTY_DRAFT));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const submit = () => {
    if (profile && !hasProfileChanges(profile, draft)) {
      showToast({ type: 'warning', title: t('config_profiles.no_changes'), errors: [] });
      return;
    }
    const checked = validate(profileSchema, inputOf(draft), t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const done = (row: ProfileRow) => {
      showSuccessToast(t(profile ? 'config_profiles_ui.saved' : 'config_profiles_ui.created'));
      onSaved(row);
    };
    const failed = (err: unknown) => setErrors(serverFieldErrors(err));
    if (profile)
      update.mutate(
        { id: profile.id, ...checked.data, updated_at: profile.updated_at },
        { onSuccess: done, onError: failed },
      );
    else create.mutate(checked.data, { onSuccess: done, onError: failed });
  };
  return (
    <Card.Root as="section" aria-labelledby="profile-editor-title" data-testid="profile-editor">
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            <Heading as="h2" size="md" id="profile-editor-title">
              {profile ? t('config_profiles_ui.editing', { name: profile.name }) : t('config_profiles_ui.creating')}
            </Heading>
            <TextField
              label={t('config_profiles_ui.name')}
              required
              value={draft.name}
              onChange={(name) => setDraft({ ...draft, name })}
              error={errors.name}
              testId="profile-name"
            />
            <GroupsField
              groups={draft.groups}
              onChange={(groups) => setDraft({ ...draft, groups })}
              error={errors.groups}
            />
            <Stack gap="1">
              <Heading as="h3" size="sm">
                {t('config_profiles_ui.permissions')}
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                {t('config_profiles_ui.exclusive_hint')}
              </Text>
              {errors.permissions || errors.exclusive_permissions ? (
                <Text color="fg.error" role="alert">
                  {errors.permissions ?? errors.exclusive_permissions}
                </Text>
              ) : null}
            </Stack>
            <PermissionGroups catalogue={catalogue} draft={draft} onChange={setDraft} />
            <HStack justify="flex-end" gap="2">
              <Button variant="outline" minH="44px" onClick={onCancel}>
                {t('config_profiles_ui.cancel')}
              </Button>
              <Button
                type="submit"
                colorPalette="brand"
                minH="44px"
                loading={create.isPending || update.isPending}
                data-testid="profile-save"
              >
                {t('config_profiles_ui.save')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

import { useState } from 'react';
import { Button, Field, RadioGroup, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SETTING_KEYS, settingsOf, type AuthUser } from '../../../api/session/auth-user.ts';
import { session, type GridMode } from '../../../shared/session/session-store.ts';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { useSaveUser } from './account-api.ts';
import { SectionCard } from './section-card.tsx';

/** Settings: the project opened by default and the default view of the home projects list. */
export function SettingsSection({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const initial = settingsOf(user);
  const [projectId, setProjectId] = useState<number | null>(initial.defaultProjectId);
  const [homeView, setHomeView] = useState<GridMode>(initial.homeView ?? 'list');
  const save = useSaveUser();
  // PUT auth/usuario takes the basic fields with the settings; they are sent unchanged.
  const submit = () =>
    save.mutate(
      {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email ?? '',
        settings: { [SETTING_KEYS.defaultProject]: projectId, [SETTING_KEYS.homeView]: homeView },
      },
      {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          session.setGridMode(homeView);
        },
      },
    );

  return (
    <SectionCard title={t('account.page.settings.title')} testId="account-settings">
      <Stack gap="4" maxW="md">
        <Stack gap="1.5">
          <ProjectSelect
            label={t('account.page.settings.default_project')}
            projects={user.proyectos}
            value={projectId}
            allowEmpty
            onChange={setProjectId}
            data-testid="default-project-select"
          />
          <Text textStyle="xs" color="fg.muted">
            {t('account.page.settings.default_project_hint')}
          </Text>
        </Stack>
        <Field.Root>
          <Field.Label id="home-view-label">{t('account.page.settings.home_view')}</Field.Label>
          <RadioGroup.Root
            colorPalette="brand"
            value={homeView}
            onValueChange={(d) => setHomeView(d.value as GridMode)}
            aria-labelledby="home-view-label"
          >
            <HStack gap="5">
              {(['list', 'grid'] as const).map((v) => (
                <RadioGroup.Item key={v} value={v}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{t(`home.view.${v}`)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Field.Root>
        <Button colorPalette="brand" alignSelf="flex-start" loading={save.isPending} onClick={submit}>
          {t('account.page.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}

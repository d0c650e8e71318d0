import { Checkbox, Code, Fieldset, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { API_APP_SCOPE_FLAGS } from '#domain/api-apps';
import { permissionLabelKey } from '#domain/permission-catalogue';
import { permissionsOf, useAuthUser } from '../../../api/session/auth-user.ts';

type Props = { value: string[]; onChange: (scope: string[]) => void; error?: string };

/** The flags an app may carry: those of the catalogue the signed-in administrator holds (the server checks it too). */
export function ScopePicker({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const held = permissionsOf(user);
  const flags = API_APP_SCOPE_FLAGS.filter((flag) => held[flag] || value.includes(flag));
  const toggle = (flag: string, on: boolean) => onChange(on ? [...value, flag] : value.filter((f) => f !== flag));
  return (
    <Fieldset.Root invalid={Boolean(error)} data-testid="api-app-scope">
      <Fieldset.Legend>{t('integrations_ui.api_apps.scope')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('integrations_ui.api_apps.scope_hint')}</Fieldset.HelperText>
      <Stack gap="1" maxH="280px" overflowY="auto" pr="1">
        {flags.map((flag) => (
          <Checkbox.Root
            key={flag}
            minH="36px"
            checked={value.includes(flag)}
            onCheckedChange={(d) => toggle(flag, Boolean(d.checked))}
            data-testid={`scope-${flag}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {t(permissionLabelKey(flag))} <Code fontSize="xs">{flag}</Code>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

import { useState } from 'react';
import { Button, Card, Checkbox, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConnectionView } from '#domain/integrations-responses';
import type { ProcoreRemoteProject } from '#domain/procore-responses';
import { procoreSettingsSchema } from '#domain/schemas/procore';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useProbeProcore, useSaveProcoreSettings } from '../api/procore-api.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Procore's company id and OAuth client (docs/product.md §2 config/integraciones/procore). The secret is write-only:
 * the field starts empty and shows whether one is saved ("Configurado · …abcd"); empty keeps it, a new value
 * replaces it, "Borrar" clears it. "Probar conexión" hands Procore's projects to the mapping table.
 */
export function ProcoreCredentialsForm({
  connection,
  onProjects,
}: {
  connection: ConnectionView;
  onProjects: (projects: ProcoreRemoteProject[]) => void;
}) {
  const { t } = useTranslation();
  const [companyId, setCompanyId] = useState(text(connection.settings.company_id));
  const [clientId, setClientId] = useState(text(connection.settings.client_id));
  const [secret, setSecret] = useState('');
  const [clearSecret, setClearSecret] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveProcoreSettings();
  const probe = useProbeProcore();
  const saved = connection.secrets.client_secret;

  const submit = () => {
    const input = {
      company_id: companyId,
      client_id: clientId,
      client_secret: clearSecret ? '' : secret || undefined,
    };
    const checked = validate(procoreSettingsSchema, input, t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(input, {
      onSuccess: (answer) => {
        setSecret('');
        setClearSecret(false);
        showSuccessToast(answer.message);
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const runProbe = () =>
    probe.mutate(undefined, {
      onSuccess: (answer) => {
        onProjects(answer.data.projects);
        showSuccessToast(answer.message);
      },
    });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t('integrations_ui.procore.credentials')}</Card.Title>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="3" maxW="lg">
            <TextField
              label={t('integrations_ui.procore.company_id')}
              required
              value={companyId}
              onChange={setCompanyId}
              error={errors.company_id}
              maxLength={20}
              testId="procore-company-id"
            />
            <TextField
              label={t('integrations_ui.procore.client_id')}
              required
              value={clientId}
              onChange={setClientId}
              error={errors.client_id}
              maxLength={200}
              testId="procore-client-id"
            />
            <TextField
              label={t('integrations_ui.procore.client_secret')}
              required={!saved?.set}
              value={secret}
              onChange={setSecret}
              error={errors.client_secret}
              disabled={clearSecret}
              maxLength={500}
              testId="procore-client-secret"
              helper={
                saved?.set
                  ? saved.last4
                    ? t('integrations_ui.procore.secret_set', { last4: saved.last4 })
                    : t('integrations_ui.procore.secret_set_short')
                  : undefined
              }
            />
            {saved?.set ? (
              <Checkbox.Root checked={clearSecret} onCheckedChange={(e) => setClearSecret(e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('integrations_ui.procore.clear_secret')}</Checkbox.Label>
              </Checkbox.Root>
            ) : null}
            <HStack gap="3" wrap="wrap">
              <Button
                type="submit"
                colorPalette="brand"
                minH="44px"
                loading={save.isPending}
                data-testid="procore-save"
              >
                {t('integrations_ui.procore.save')}
              </Button>
              <Button
                variant="outline"
                minH="44px"
                onClick={runProbe}
                loading={probe.isPending}
                disabled={!connection.configured}
                data-testid="procore-probe"
              >
                {t('integrations_ui.procore.probe')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

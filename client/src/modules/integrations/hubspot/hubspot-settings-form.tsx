import { useState } from 'react';
import { Button, Card, HStack, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ConnectionView } from '#domain/integrations-responses';
import {
  DEFAULT_HUBSPOT_STAGES,
  HUBSPOT_MAX_EMAILS,
  hubspotSettingsSchema,
  type HubspotSettingsInput,
} from '#domain/schemas/hubspot';
import { TICKET_STATES, type TicketState } from '#domain/tickets';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useProbeHubspot, useSaveHubspot } from '../api/hubspot-api.ts';
import { EmailListField } from './email-list-field.tsx';
import { TokenField } from './token-field.tsx';

type Stored = Partial<Omit<HubspotSettingsInput, 'access_token'>>;

/** docs/product.md §3 CRM integration: app id, pipeline, access token (write-only), e-mails, send copy, stages. */
export function HubspotSettingsForm({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const stored = connection.settings as Stored;
  const [appId, setAppId] = useState(stored.app_id ?? '');
  const [pipelineId, setPipelineId] = useState(stored.pipeline_id ?? '');
  const [token, setToken] = useState<string | undefined>(undefined);
  const [emails, setEmails] = useState<string[]>(stored.emails ?? []);
  const [sendCopy, setSendCopy] = useState(Boolean(stored.send_copy));
  const [stages, setStages] = useState<Partial<Record<TicketState, string>>>(stored.stage_map ?? {});
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveHubspot();
  const probe = useProbeHubspot();
  const tokenStored = connection.secrets.access_token ?? { set: false, last4: null };

  const submit = () => {
    const body = {
      app_id: appId,
      pipeline_id: pipelineId,
      // Left empty while one is stored: keep it (clearing would switch the integration off at the next sync).
      ...(token === undefined || (token === '' && tokenStored.set) ? {} : { access_token: token }),
      emails: emails.filter((e) => e.trim()),
      send_copy: sendCopy,
      stage_map: Object.fromEntries(Object.entries(stages).filter(([, v]) => v?.trim())),
    };
    const checked = validate(hubspotSettingsSchema, body, t);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: (answer) => {
        setToken(undefined);
        showSuccessToast(answer.message ?? t('integrations_ui.hubspot.save'));
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const runProbe = () =>
    probe.mutate(undefined, {
      onSuccess: (answer) => (answer.ok ? showSuccessToast(answer.message) : showErrorToast(400, answer.message)),
    });

  return (
    <Card.Root>
      <Card.Body>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                label={t('integrations_ui.hubspot.app_id')}
                required
                value={appId}
                onChange={setAppId}
                error={errors.app_id}
                testId="hubspot-app-id"
              />
              <TextField
                label={t('integrations_ui.hubspot.pipeline_id')}
                required
                value={pipelineId}
                onChange={setPipelineId}
                error={errors.pipeline_id}
                testId="hubspot-pipeline-id"
              />
            </SimpleGrid>
            <TokenField
              label={t('integrations_ui.hubspot.access_token')}
              helper={t('integrations_ui.hubspot.token_help')}
              stored={tokenStored}
              value={token}
              error={errors.access_token}
              onChange={setToken}
            />
            <EmailListField
              label={t('integrations_ui.hubspot.emails')}
              helper={t('integrations_ui.hubspot.emails_help')}
              values={emails}
              max={HUBSPOT_MAX_EMAILS}
              errors={errors}
              onChange={setEmails}
            />
            <Switch.Root checked={sendCopy} onCheckedChange={(d) => setSendCopy(d.checked)}>
              <Switch.HiddenInput data-testid="hubspot-send-copy" />
              <Switch.Control />
              <Switch.Label>{t('integrations_ui.hubspot.send_copy')}</Switch.Label>
            </Switch.Root>
            <Stack gap="2">
              <Text fontWeight="semibold">{t('integrations_ui.hubspot.stages')}</Text>
              <Text textStyle="sm" color="fg.muted">
                {t('integrations_ui.hubspot.stages_help')}
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
                {TICKET_STATES.map((state) => (
                  <Stack key={state} gap="1">
                    <Text textStyle="sm">{t(`after_sales.states.${state}`)}</Text>
                    <Input
                      size="sm"
                      value={stages[state] ?? ''}
                      placeholder={DEFAULT_HUBSPOT_STAGES[state]}
                      onChange={(e) => setStages({ ...stages, [state]: e.target.value })}
                      aria-label={`${t('integrations_ui.hubspot.stages')}: ${t(`after_sales.states.${state}`)}`}
                    />
                    {errors[`stage_map.${state}`] ? (
                      <Text textStyle="xs" color="red.fg">
                        {errors[`stage_map.${state}`]}
                      </Text>
                    ) : null}
                  </Stack>
                ))}
              </SimpleGrid>
            </Stack>
            <HStack gap="3" wrap="wrap">
              <Button
                type="submit"
                colorPalette="brand"
                minH="44px"
                loading={save.isPending}
                data-testid="hubspot-save"
              >
                {t('integrations_ui.hubspot.save')}
              </Button>
              <Button variant="outline" minH="44px" loading={probe.isPending} onClick={runProbe}>
                {t('integrations_ui.hubspot.probe')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

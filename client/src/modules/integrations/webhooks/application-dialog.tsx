import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, Fieldset, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WebhookApplicationRow } from '#domain/webhooks-responses';
import { webhookApplicationCreateSchema, WEBHOOK_APPLICATION_NAME_MAX } from '#domain/schemas/webhooks';
import { serverFieldErrors } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { useCreateWebhookApplication, useUpdateWebhookApplication } from '../api/webhooks-mutations.ts';
import { EVENTS_BY_MODULE, eventLabel, moduleLabel } from './webhook-labels.ts';

/** Which application the dialog edits: a new one (of an API app, maybe) or an existing one. */
export type ApplicationDialogTarget =
  { mode: 'create'; apiAppId?: number } | { mode: 'edit'; app: WebhookApplicationRow };

const CATALOGUE_ORDER = EVENTS_BY_MODULE.flatMap((g) => g.events);

/** Errors on `hooks.<i>.url` name the i-th chosen event: shown under that event's URL. */
function errorsByEvent(errors: FieldErrors, events: string[]): FieldErrors {
  const out: FieldErrors = { ...errors };
  for (const [field, message] of Object.entries(errors)) {
    const match = /^hooks\.(\d+)\.(url|event)$/.exec(field);
    if (match && events[Number(match[1])]) out[`url:${events[Number(match[1])]}`] = message;
  }
  return out;
}

/**
 * docs/product.md §2 application dialog: a name, the events chosen from the catalogue grouped by module, and the URL
 * each chosen event is delivered to. Creating answers the secret once: `onCreated` shows it.
 */
export function ApplicationDialog({
  target,
  onClose,
  onCreated,
}: {
  target: ApplicationDialogTarget | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateWebhookApplication();
  const update = useUpdateWebhookApplication();
  useEffect(() => {
    const app = target?.mode === 'edit' ? target.app : undefined;
    setName(app?.name ?? '');
    setUrls(Object.fromEntries((app?.hooks ?? []).map((h) => [h.event, h.url])));
    setErrors({});
  }, [target]);

  const chosen = CATALOGUE_ORDER.filter((e) => e in urls);
  const toggle = (event: string, on: boolean) =>
    setUrls(({ [event]: _dropped, ...rest }) => (on ? { ...rest, [event]: urls[event] ?? '' } : rest));
  const submit = () => {
    if (!target) return;
    const input = { name, hooks: chosen.map((event) => ({ event, url: urls[event] ?? '' })) };
    const checked = validate(webhookApplicationCreateSchema, input, t);
    if (!checked.ok) return setErrors(errorsByEvent(checked.errors, chosen));
    const fail = (err: unknown) => setErrors(errorsByEvent(serverFieldErrors(err), chosen));
    if (target.mode === 'create') {
      create.mutate(
        { ...input, ...(target.apiAppId !== undefined ? { api_app_id: target.apiAppId } : {}) },
        {
          onSuccess: (answer) => {
            onClose();
            onCreated(answer.secret);
          },
          onError: fail,
        },
      );
    } else {
      update.mutate(
        { id: target.app.id, ...input },
        {
          onSuccess: () => {
            showSuccessToast(t('integrations_ui.webhooks.saved'));
            onClose();
          },
          onError: fail,
        },
      );
    }
  };
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="webhook-application-dialog">
            {/* display: contents keeps header, body and footer the dialog's own rows, so the long body scrolls inside. */}
            <form
              noValidate
              style={{ display: 'contents' }}
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  {t(
                    target?.mode === 'edit'
                      ? 'integrations_ui.webhooks.edit_title'
                      : 'integrations_ui.webhooks.new_title',
                  )}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <TextField
                    label={t('integrations_ui.webhooks.name')}
                    required
                    value={name}
                    onChange={setName}
                    maxLength={WEBHOOK_APPLICATION_NAME_MAX}
                    error={errors.name}
                    testId="webhook-app-name"
                  />
                  <Text fontWeight="medium">{t('integrations_ui.webhooks.events_label')}</Text>
                  {errors.hooks ? (
                    <Text color="fg.error" fontSize="sm" role="alert">
                      {errors.hooks}
                    </Text>
                  ) : null}
                  {EVENTS_BY_MODULE.map((group) => (
                    <Fieldset.Root key={group.module}>
                      <Fieldset.Legend>{moduleLabel(t, group.module)}</Fieldset.Legend>
                      <Stack gap="2">
                        {group.events.map((event) => (
                          <Stack key={event} gap="1">
                            <Checkbox.Root
                              checked={event in urls}
                              onCheckedChange={(d) => toggle(event, Boolean(d.checked))}
                              data-testid={`webhook-event-${event}`}
                            >
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                              <Checkbox.Label>{eventLabel(t, event)}</Checkbox.Label>
                            </Checkbox.Root>
                            {event in urls ? (
                              <TextField
                                label={t('integrations_ui.webhooks.url_for', { event: eventLabel(t, event) })}
                                required
                                value={urls[event]}
                                onChange={(url) => setUrls((u) => ({ ...u, [event]: url }))}
                                error={errors[`url:${event}`]}
                                helper={t('integrations_ui.webhooks.url_hint')}
                                testId={`webhook-url-${event}`}
                              />
                            ) : null}
                          </Stack>
                        ))}
                      </Stack>
                    </Fieldset.Root>
                  ))}
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
                  data-testid="webhook-app-save"
                >
                  {t('integrations_ui.webhooks.save')}
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

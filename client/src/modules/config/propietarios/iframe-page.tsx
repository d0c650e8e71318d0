import { useEffect, useState } from 'react';
import { Button, Card, Code, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { iframeConfigSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import { iframeQuery, useSaveIframe } from './config-api.ts';
import { RowList } from './fields.tsx';
import { hasChanges, notifyNoChanges } from './no-changes.ts';
import { useConfigProject } from './use-config-project.ts';

/** The snippet a company pastes in its site: the portal opened for this project (its frame-ancestors follow this setting). */
const embedSnippet = (projectId: number) =>
  `<iframe src="${window.location.origin}/portal?proyecto=${projectId}" title="Portal de propietarios" style="width:100%;min-height:720px;border:0" allow="camera"></iframe>`;

/** docs/product.md §2 config propietarios iframe: whether the owner portal may be framed, and by which origins. */
export function IframeConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useConfigProject();
  const query = useQuery({ ...iframeQuery(projectId ?? 0), enabled: projectId !== null });
  const [enabled, setEnabled] = useState(false);
  const [origins, setOrigins] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (query.data) {
      setEnabled(query.data.enabled);
      setOrigins(query.data.allowed_origins);
    }
  }, [query.data]);
  const save = useSaveIframe(projectId ?? 0);
  if (!projectId) return null;
  if (!query.data) return <PageSpinner minH="30vh" />;
  const submit = () => {
    const input = { enabled, allowed_origins: origins.map((o) => o.trim()).filter(Boolean) };
    if (!hasChanges({ enabled: query.data.enabled, allowed_origins: query.data.allowed_origins }, input)) {
      notifyNoChanges(t('common.no_changes'));
      return;
    }
    const checked = validate(iframeConfigSchema, input, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: () => showSuccessToast(t('deliveries_ui.messages.saved')),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <ToggleInput label={t('deliveries_ui.config.iframe_enabled')} checked={enabled} onChange={setEnabled} />
          <RowList
            label={t('deliveries_ui.config.allowed_origins')}
            rows={origins}
            blank=""
            max={20}
            onChange={setOrigins}
            errorOf={(i) => errors[`allowed_origins.${i}`]}
            render={(v, put) => (
              <Input
                size="sm"
                value={v}
                placeholder="https://www.inmobiliaria.cl"
                aria-label={t('deliveries_ui.config.allowed_origins')}
                onChange={(e) => put(e.target.value)}
              />
            )}
          />
          <Text textStyle="xs" color="fg.muted">
            {t('deliveries_ui.config.frame_ancestors')} <Code>{query.data.frame_ancestors}</Code>
          </Text>
          {enabled ? (
            <Stack gap="1">
              <Text textStyle="xs" color="fg.muted">
                {t('deliveries_ui.config.embed_code')}
              </Text>
              <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" data-testid="cfg-iframe-embed">
                {embedSnippet(projectId)}
              </Code>
            </Stack>
          ) : null}
          <Button
            alignSelf="flex-end"
            colorPalette="brand"
            loading={save.isPending}
            onClick={submit}
            data-testid="cfg-iframe-save"
          >
            {t('deliveries_ui.actions.save')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

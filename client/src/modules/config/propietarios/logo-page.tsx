import { useEffect, useState } from 'react';
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { ImagePicker } from '../../../widgets/upload/image-picker.tsx';
import { logoQuery, useSaveLogo } from './config-api.ts';
import { hasChanges, notifyNoChanges } from './no-changes.ts';
import { useConfigProject } from './use-config-project.ts';

/** docs/product.md §2 config propietarios logo: the project's logo on the delivery act (the company's when none). */
export function LogoConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useConfigProject();
  const query = useQuery({ ...logoQuery(projectId ?? 0), enabled: projectId !== null });
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    if (query.data) setPath(query.data.logo_path);
  }, [query.data]);
  const save = useSaveLogo(projectId ?? 0);
  if (!projectId) return null;
  if (!query.data) return <PageSpinner minH="30vh" />;
  const submit = () => {
    if (!hasChanges(query.data.logo_path, path)) {
      notifyNoChanges(t('common.no_changes'));
      return;
    }
    save.mutate(path, { onSuccess: () => showSuccessToast(t('deliveries_ui.messages.saved')) });
  };
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4" maxW="md">
          <ImagePicker label={t('deliveries_ui.config.logo')} value={path} onChange={(p) => setPath(p)} />
          {!path && query.data.company_logo_path ? (
            <Text textStyle="sm" color="fg.muted">
              {t('deliveries_ui.config.company_logo_used')}
            </Text>
          ) : null}
          <Button
            alignSelf="flex-end"
            colorPalette="brand"
            loading={save.isPending}
            onClick={submit}
            data-testid="cfg-logo-save"
          >
            {t('deliveries_ui.actions.save')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#domain/files';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import { absoluteFileUrl, type UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { plansQuery, usePlans, type PlansOfType } from './config-api.ts';
import { useConfigProject } from './use-config-project.ts';

/** One unit type's plans: the list, and an uploader whose files are attached on demand (the page's one pair of mutations). */
function TypePlans({ group, plans: { attach, remove } }: { group: PlansOfType; plans: ReturnType<typeof usePlans> }) {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<UploadedFileItem[]>([]);
  const unitTypeId = group.unit_type.id;
  const attaching = attach.isPending && attach.variables?.unitTypeId === unitTypeId;
  // Awaited per call: another type's attach in between must not keep this one's uploader from resetting.
  const attachUploaded = () =>
    attach.mutateAsync({ unitTypeId, paths: uploaded.map((u) => u.path) }).then(
      () => {
        setUploaded([]);
        showSuccessToast(t('deliveries_ui.messages.saved'));
      },
      () => undefined,
    ); // a failure is already toasted
  return (
    <Card.Root size="sm" data-testid={`plans-${group.unit_type.id}`}>
      <Card.Body>
        <Stack gap="3">
          <HStack gap="2">
            <Heading as="h3" size="sm">
              {group.unit_type.name}
            </Heading>
            {group.is_used ? <Badge size="sm">{t('deliveries_ui.config.type_in_use')}</Badge> : null}
          </HStack>
          {group.plans.map((p) => (
            <HStack key={p.id} justify="space-between">
              <Link href={absoluteFileUrl(p.url || p.path)} target="_blank" rel="noopener" truncate>
                {p.name}
              </Link>
              <HStack gap="2">
                <Text textStyle="xs" color="fg.muted">
                  {formatBytes(p.size)}
                </Text>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('deliveries_ui.actions.delete')}
                  onClick={() => remove.mutate(p.id)}
                >
                  <Trash2 size={14} />
                </IconButton>
              </HStack>
            </HStack>
          ))}
          <FileUploader
            context="general"
            maxFiles={20}
            value={uploaded}
            onChange={setUploaded}
            label={t('deliveries_ui.config.add_plans')}
          />
          <Button
            size="sm"
            alignSelf="flex-end"
            colorPalette="brand"
            disabled={!uploaded.length}
            loading={attaching}
            onClick={() => void attachUploaded()}
          >
            {t('deliveries_ui.files.attach', { count: uploaded.length })}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** docs/product.md §2 config propietarios planos: plans per unit type of the project (those the project uses first). */
export function PlanosConfigPage() {
  const { t } = useTranslation();
  const { projectId } = useConfigProject();
  const query = useQuery({ ...plansQuery(projectId ?? 0), enabled: projectId !== null });
  const plans = usePlans(projectId ?? 0);
  if (!projectId) return null;
  if (query.isPending) return <PageSpinner minH="30vh" />;
  if (!query.data?.length) return <Text color="fg.muted">{t('deliveries_ui.config.no_unit_types')}</Text>;
  return (
    <Stack gap="3">
      {query.data.map((g) => (
        <TypePlans key={g.unit_type.id} group={g} plans={plans} />
      ))}
    </Stack>
  );
}

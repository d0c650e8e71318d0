import { useState } from 'react';
import { Badge, Button, Card, HStack, Link, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { BimModel } from '#domain/quality-responses';
import { isApiError } from '../../../api/errors.ts';
import { formatNumber } from '../../../shared/format.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { FileStateTag, ModelStateTag, modelListQuery } from '../../quality/index.ts';
import { advanceQuery } from '../api/advance.ts';
import { concreteModelQuery } from '../api/uploader.ts';
import { useSetConcreteModel } from '../api/uploader-mutations.ts';

const T = 'concrete.uploader';

/** A model the Concrete model may be: every file processed, at least one. */
export const isModelReady = (m: BimModel) => m.files.length > 0 && m.files.every((f) => f.state === 'listo');

/** The project's Concrete model: its files and element count; assign, change or remove it. */
export function ModelCard({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const current = useQuery(concreteModelQuery(projectId));
  const advance = useQuery(advanceQuery(projectId));
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setModel = useSetConcreteModel(projectId);
  const remove = () =>
    setModel.mutate(null, {
      onSuccess: () => setRemoving(false),
      onError: (e) => setError(isApiError(e) ? e.message : t(`${T}.error`)),
    });
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{t(`${T}.model_title`)}</Card.Title>
      </Card.Header>
      <Card.Body>
        <QueryState query={current}>
          {({ model }) => (
            <Stack gap="3">
              {!model ? (
                <Text color="fg.muted">{t(`${T}.no_model`)}</Text>
              ) : (
                <Stack gap="2" data-testid="concrete-model">
                  <HStack wrap="wrap">
                    <Text fontWeight="semibold">{model.name}</Text>
                    <ModelStateTag state={model.state} />
                  </HStack>
                  {model.files.map((f) => (
                    <HStack key={f.id} wrap="wrap" gap="2">
                      <Badge variant="outline">
                        {t(`quality_ui.models.stages.${f.stage}`, { defaultValue: f.stage })}
                      </Badge>
                      <Text fontSize="sm" truncate maxW="60%">
                        {f.file.name}
                      </Text>
                      <FileStateTag file={f} />
                    </HStack>
                  ))}
                  {advance.data && (
                    <Text fontSize="sm" color="fg.muted">
                      {t(`${T}.element_count`, {
                        count: advance.data.element_total,
                        n: formatNumber(advance.data.element_total),
                      })}
                    </Text>
                  )}
                </Stack>
              )}
              {canEdit && (
                <HStack wrap="wrap">
                  <Button size="sm" onClick={() => setPicking(true)}>
                    {t(model ? `${T}.change_model` : `${T}.assign_model`)}
                  </Button>
                  {model && (
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(true)}>
                      {t(`${T}.remove_model`)}
                    </Button>
                  )}
                </HStack>
              )}
              {picking && (
                <PickModelDialog
                  projectId={projectId}
                  currentId={model?.id ?? null}
                  onClose={() => setPicking(false)}
                />
              )}
              <ConfirmDialog
                open={removing}
                title={t(`${T}.remove_title`)}
                body={error ?? t(`${T}.remove_body`)}
                confirmLabel={t(`${T}.remove_model`)}
                danger
                busy={setModel.isPending}
                onConfirm={remove}
                onClose={() => {
                  setRemoving(false);
                  setError(null);
                }}
              />
            </Stack>
          )}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

/** The project's models: ready ones selectable, the others disabled with their state. */
function PickModelDialog(props: { projectId: number; currentId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const models = useQuery(modelListQuery(props.projectId));
  const [chosen, setChosen] = useState<number | null>(props.currentId);
  const [error, setError] = useState<string | null>(null);
  const setModel = useSetConcreteModel(props.projectId);
  const save = () => {
    if (chosen === null) return;
    if (chosen === props.currentId) return props.onClose();
    setModel.mutate(chosen, {
      onSuccess: props.onClose,
      onError: (e) => setError(isApiError(e) ? e.message : t(`${T}.error`)),
    });
  };
  return (
    <FormDialog
      open
      title={t(`${T}.pick_title`)}
      submitLabel={t(`${T}.pick_submit`)}
      busy={setModel.isPending}
      onSubmit={save}
      onClose={props.onClose}
    >
      <QueryState query={models}>
        {(list) =>
          !list.some(isModelReady) ? (
            <Stack gap="2">
              <Text>{t(`${T}.no_ready_model`)}</Text>
              <Link asChild colorPalette="blue">
                <RouterLink to="/config/projects/models">{t(`${T}.go_models`)}</RouterLink>
              </Link>
            </Stack>
          ) : (
            <RadioGroup.Root
              value={chosen === null ? null : String(chosen)}
              onValueChange={(e) => setChosen(e.value ? Number(e.value) : null)}
            >
              <Stack gap="2">
                {list.map((m) => (
                  <RadioGroup.Item key={m.id} value={String(m.id)} disabled={!isModelReady(m)}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {m.name} · {t(`${T}.file_count`, { count: m.files.length })}
                    </RadioGroup.ItemText>
                    {!isModelReady(m) && <ModelStateTag state={m.state} />}
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          )
        }
      </QueryState>
      {error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </FormDialog>
  );
}

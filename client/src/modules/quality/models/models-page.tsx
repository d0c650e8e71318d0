import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Flex,
  HStack,
  IconButton,
  Stack,
  Table,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatBytes } from '#domain/files';
import { MODELS_MANAGE, QUALITY_STAGES, type QualityStage } from '#domain/quality';
import type { BimModel, BimModelFile } from '#domain/quality-responses';
import { modelCreateSchema, modelUpdateSchema } from '#domain/schemas/quality';
import { isApiError, serverFieldErrors } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { formatNumber } from '../../../shared/format.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { useQualityLive } from '../api/live-sync.ts';
import {
  modelListQuery,
  useAttachModelFile,
  useCreateModel,
  useDeleteModel,
  useDeleteModelFile,
  useRenameModel,
  useReprocessModel,
} from '../api/models.ts';
import { FileStateTag, ModelStateTag, fileErrorText, formatDuration, stageLabel } from './model-labels.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { NameDialog } from './model-form-dialog.tsx';
import { useSessionProject } from '../../../widgets/use-session-project.ts';

const T = 'quality_ui.models';
/** docs/product.md §9: an IFC of up to 512 MB. */
export const IFC_MAX_BYTES = 512 * 1024 * 1024;

const errorToast = (err: unknown) =>
  showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null);

/**
 * config/projects/models (docs/product.md §5 BIM model): a project's models, each with one IFC file per quality
 * stage, their processing live ('en optimización' with a progress bar per file), and the forced update and delete.
 * Writes need config_proyectos (domain/quality.ts MODELS_MANAGE); without it the page only reads.
 */
export function ModelsConfigPage() {
  const { t } = useTranslation();
  const { projectId, projects, setProject } = useSessionProject();
  const canManage = useCan(MODELS_MANAGE);
  const [creating, setCreating] = useState(false);
  useQualityLive(projectId);
  return (
    <Stack gap="4">
      <PageHeader
        title={t(`${T}.title`)}
        subtitle={t(`${T}.intro`)}
        actions={
          canManage && projectId ? (
            <Button colorPalette="brand" minH="44px" onClick={() => setCreating(true)} data-testid="model-new">
              {t(`${T}.new`)}
            </Button>
          ) : null
        }
      />
      <Box maxW="md">
        <ProjectSelect
          projects={projects}
          value={projectId}
          onChange={setProject}
          label={t(`${T}.project`)}
          size="md"
          data-testid="models-project"
        />
      </Box>
      {projectId ? (
        <ModelList projectId={projectId} canManage={canManage} />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(`${T}.pick_project`)}</Alert.Title>
        </Alert.Root>
      )}
      {projectId ? (
        <CreateModelDialog open={creating} projectId={projectId} onClose={() => setCreating(false)} />
      ) : null}
    </Stack>
  );
}

function ModelList({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(modelListQuery(projectId));
  return (
    <QueryState query={query}>
      {(models) =>
        models.length === 0 ? (
          <Card.Root variant="subtle" data-testid="models-empty">
            <Card.Body>
              <Text fontWeight="semibold">{t(`${T}.empty_title`)}</Text>
              <Text color="fg.muted" textStyle="sm">
                {t(canManage ? `${T}.empty_body` : `${T}.empty_body_readonly`)}
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={t(`${T}.list`)} data-testid="models-list">
            {models.map((m) => (
              <ModelCard key={m.id} model={m} canManage={canManage} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

function ModelCard({ model, canManage }: { model: BimModel; canManage: boolean }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'rename' | 'attach' | 'reprocess' | 'delete' | null>(null);
  const [deletingFile, setDeletingFile] = useState<BimModelFile | null>(null);
  const reprocess = useReprocessModel();
  const remove = useDeleteModel();
  const removeFile = useDeleteModelFile();
  const usedStages = new Set(model.files.map((f) => f.stage));
  const freeStages = QUALITY_STAGES.filter((s) => !usedStages.has(s));
  return (
    <Card.Root as="li" size="sm" data-testid={`model-${model.id}`} data-model-name={model.name}>
      <Card.Body>
        <Stack gap="3">
          <Flex gap="3" align="center" wrap="wrap">
            <HStack gap="2" flex="1" minW="200px" wrap="wrap">
              <Text fontWeight="semibold" data-testid="model-name">
                {model.name}
              </Text>
              <ModelStateTag state={model.state} />
            </HStack>
            <HStack gap="2" wrap="wrap" role="group" aria-label={t(`${T}.actions_for`, { name: model.name })}>
              {model.state === 'listo' ? (
                <Button asChild size="sm" minH="44px" variant="outline">
                  <RouterLink to={`/quality/bim/${model.id}`} data-testid="model-open">
                    {t(`${T}.open`)}
                  </RouterLink>
                </Button>
              ) : null}
              {canManage ? (
                <>
                  {freeStages.length > 0 ? (
                    <Button
                      size="sm"
                      minH="44px"
                      colorPalette="brand"
                      variant="outline"
                      onClick={() => setDialog('attach')}
                      data-testid="model-attach"
                    >
                      {t(`${T}.attach`)}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    minH="44px"
                    variant="outline"
                    onClick={() => setDialog('rename')}
                    data-testid="model-rename"
                  >
                    {t(`${T}.rename`)}
                  </Button>
                  {model.files.length > 0 ? (
                    <Button
                      size="sm"
                      minH="44px"
                      variant="outline"
                      onClick={() => setDialog('reprocess')}
                      disabled={model.state === 'en_optimizacion'}
                      data-testid="model-reprocess"
                    >
                      {t(`${T}.reprocess`)}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    minH="44px"
                    variant="outline"
                    colorPalette="red"
                    onClick={() => setDialog('delete')}
                    data-testid="model-delete"
                  >
                    {t(`${T}.delete`)}
                  </Button>
                </>
              ) : null}
            </HStack>
          </Flex>
          {model.files.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              {t(canManage ? `${T}.no_files` : `${T}.no_files_readonly`)}
            </Text>
          ) : (
            <FileTable files={model.files} canManage={canManage} onDelete={setDeletingFile} />
          )}
        </Stack>
      </Card.Body>
      <RenameModelDialog open={dialog === 'rename'} model={model} onClose={() => setDialog(null)} />
      {dialog === 'attach' ? (
        <AttachFileDialog model={model} stages={freeStages} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={dialog === 'reprocess'}
        title={t(`${T}.reprocess_title`)}
        body={t(`${T}.reprocess_body`, { name: model.name })}
        confirmLabel={t(`${T}.reprocess`)}
        busy={reprocess.isPending}
        testId="model-reprocess-dialog"
        onClose={() => setDialog(null)}
        onConfirm={() =>
          reprocess.mutate(model.id, {
            onSuccess: () => showSuccessToast(t(`${T}.reprocessed`, { name: model.name })),
            onError: errorToast,
            onSettled: () => setDialog(null),
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t(`${T}.delete_title`)}
        body={t(`${T}.delete_body`, { name: model.name })}
        confirmLabel={t(`${T}.delete`)}
        danger
        busy={remove.isPending}
        testId="model-delete-dialog"
        onClose={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(model.id, {
            onSuccess: () => showSuccessToast(t(`${T}.deleted`, { name: model.name })),
            onError: errorToast,
            onSettled: () => setDialog(null),
          })
        }
      />
      <ConfirmDialog
        open={deletingFile !== null}
        title={t(`${T}.delete_file_title`)}
        body={t(`${T}.delete_file_body`, {
          name: deletingFile?.file.name ?? '',
          stage: deletingFile ? stageLabel(t, deletingFile.stage) : '',
        })}
        confirmLabel={t(`${T}.delete_file`)}
        danger
        busy={removeFile.isPending}
        testId="file-delete-dialog"
        onClose={() => setDeletingFile(null)}
        onConfirm={() =>
          deletingFile &&
          removeFile.mutate(
            { id: model.id, fileId: deletingFile.id },
            {
              onSuccess: () => showSuccessToast(t(`${T}.file_deleted`, { name: deletingFile.file.name })),
              onError: errorToast,
              onSettled: () => setDeletingFile(null),
            },
          )
        }
      />
    </Card.Root>
  );
}

/** A file's numbers: its element count, its optimized size and how long processing took ("—" until known). */
function fileFigures(t: TFunction, f: BimModelFile) {
  return [
    { key: 'elements', value: f.element_count == null ? '—' : formatNumber(f.element_count) },
    { key: 'fragments', value: f.fragments_bytes == null ? '—' : formatBytes(f.fragments_bytes) },
    { key: 'time', value: f.processing_ms == null ? '—' : formatDuration(t, f.processing_ms) },
  ] as const;
}

function FileDeleteButton({ file, onDelete }: { file: BimModelFile; onDelete: (f: BimModelFile) => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="sm"
      minH="44px"
      minW="44px"
      variant="ghost"
      colorPalette="red"
      onClick={() => onDelete(file)}
      aria-label={t(`${T}.delete_file_named`, { name: file.file.name })}
      title={t(`${T}.delete_file`)}
      data-testid="file-delete"
    >
      <Trash2 size={16} aria-hidden="true" />
    </IconButton>
  );
}

function FileState({ file }: { file: BimModelFile }) {
  const { t } = useTranslation();
  return (
    <>
      <FileStateTag file={file} />
      {file.state === 'error' ? (
        <Text textStyle="xs" color="fg.error" mt="1" data-testid="file-error">
          {fileErrorText(t, file.error)}
        </Text>
      ) : null}
    </>
  );
}

/**
 * One row per file. A table where the page is wide enough for its seven columns (the models card sits beside the
 * configuration menu, so from 1280 px); below that, one stacked card per file, its numbers as labelled pairs,
 * so nothing scrolls sideways on a phone.
 */
function FileTable({
  files,
  canManage,
  onDelete,
}: {
  files: BimModelFile[];
  canManage: boolean;
  onDelete: (f: BimModelFile) => void;
}) {
  const { t } = useTranslation();
  const isCompact = useBreakpointValue({ base: true, xl: false }, { ssr: false }) ?? false;
  if (isCompact)
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label={t(`${T}.col_file`)} data-testid="model-files">
        {files.map((f) => (
          <Box
            as="li"
            key={f.id}
            borderWidth="1px"
            rounded="md"
            p="3"
            data-testid={`file-${f.id}`}
            data-stage={f.stage}
          >
            <Flex gap="2" align="start">
              <Stack gap="1" flex="1" minW="0">
                <Text fontWeight="semibold" textStyle="sm">
                  {stageLabel(t, f.stage)}
                </Text>
                <Text textStyle="sm" wordBreak="break-word">
                  {f.file.name}{' '}
                  <Text as="span" textStyle="xs" color="fg.muted" whiteSpace="nowrap">
                    {formatBytes(f.file.size)}
                  </Text>
                </Text>
                <Box>
                  <FileState file={f} />
                </Box>
              </Stack>
              {canManage ? <FileDeleteButton file={f} onDelete={onDelete} /> : null}
            </Flex>
            <Flex as="dl" wrap="wrap" columnGap="4" rowGap="1" mt="2" textStyle="xs">
              {fileFigures(t, f).map(({ key, value }) => (
                <Flex key={key} gap="1">
                  <Text as="dt" color="fg.muted">
                    {t(`${T}.col_${key}`)}
                  </Text>
                  <Text as="dd" fontVariantNumeric="tabular-nums">
                    {value}
                  </Text>
                </Flex>
              ))}
            </Flex>
          </Box>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="model-files">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t(`${T}.col_stage`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(`${T}.col_file`)}</Table.ColumnHeader>
            <Table.ColumnHeader>{t(`${T}.col_state`)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(`${T}.col_elements`)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(`${T}.col_fragments`)}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t(`${T}.col_time`)}</Table.ColumnHeader>
            {canManage ? (
              <Table.ColumnHeader>
                <VisuallyHidden>{t(`${T}.col_actions`)}</VisuallyHidden>
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {files.map((f) => (
            <Table.Row key={f.id} data-testid={`file-${f.id}`} data-stage={f.stage}>
              <Table.Cell>{stageLabel(t, f.stage)}</Table.Cell>
              <Table.Cell minW="40">
                <Text wordBreak="break-word">{f.file.name}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {formatBytes(f.file.size)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <FileState file={f} />
              </Table.Cell>
              {fileFigures(t, f).map(({ key, value }) => (
                <Table.Cell key={key} textAlign="end" whiteSpace="nowrap">
                  {value}
                </Table.Cell>
              ))}
              {canManage ? (
                <Table.Cell textAlign="end" py="1">
                  <FileDeleteButton file={f} onDelete={onDelete} />
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function CreateModelDialog({ open, projectId, onClose }: { open: boolean; projectId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateModel();
  return (
    <NameDialog
      open={open}
      title={t(`${T}.new`)}
      submitLabel={t(`${T}.create`)}
      initial=""
      busy={create.isPending}
      testId="model-dialog"
      onClose={onClose}
      onSubmit={(name, setErrors) => {
        const checked = validate(modelCreateSchema, { project_id: projectId, name }, t);
        if (!checked.ok) return setErrors(checked.errors);
        create.mutate(checked.data, {
          onSuccess: (m) => {
            showSuccessToast(t(`${T}.created`, { name: m.name }));
            onClose();
          },
          onError: (err) => setErrors(serverFieldErrors(err)),
        });
      }}
    />
  );
}

function RenameModelDialog({ open, model, onClose }: { open: boolean; model: BimModel; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameModel();
  return (
    <NameDialog
      open={open}
      title={t(`${T}.rename_title`)}
      submitLabel={t(`${T}.rename`)}
      initial={model.name}
      busy={rename.isPending}
      testId="model-rename-dialog"
      onClose={onClose}
      onSubmit={(name, setErrors) => {
        const checked = validate(modelUpdateSchema, { name }, t);
        if (!checked.ok) return setErrors(checked.errors);
        rename.mutate(
          { id: model.id, name: checked.data.name },
          {
            onSuccess: () => {
              showSuccessToast(t(`${T}.saved`));
              onClose();
            },
            onError: (err) => setErrors(serverFieldErrors(err)),
          },
        );
      }}
    />
  );
}

/**
 * Attaches one IFC for a stage the model has no file for yet: uploaded first (files/upload-url, the uploader's
 * own checks of extension and size), then POST calidad/modelos/{id}/archivos, whose 422 shows on the field.
 */
function AttachFileDialog({
  model,
  stages,
  onClose,
}: {
  model: BimModel;
  stages: readonly QualityStage[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<QualityStage>(stages[0]);
  const [files, setFiles] = useState<UploadedFileItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const attach = useAttachModelFile();
  const submit = () => {
    const uploaded = files[0];
    if (!uploaded) return setErrors({ path: t(`${T}.file_required`) });
    attach.mutate(
      { id: model.id, path: uploaded.path, stage },
      {
        onSuccess: () => {
          showSuccessToast(t(`${T}.attached`, { name: uploaded.name }));
          onClose();
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          if (Object.keys(fields).length === 0) fields.path = isApiError(err) ? err.message : t('common.error_default');
          setErrors(fields);
        },
      },
    );
  };
  return (
    <FormDialog
      open
      title={t(`${T}.attach_title`, { name: model.name })}
      submitLabel={t(`${T}.attach`)}
      busy={attach.isPending}
      submitDisabled={files.length === 0}
      testId="attach-dialog"
      onClose={onClose}
      onSubmit={submit}
    >
      <SelectField
        label={t(`${T}.stage`)}
        required
        value={stage}
        onChange={(v) => setStage(v as QualityStage)}
        options={stages.map((s) => ({ value: s, label: stageLabel(t, s) }))}
        helper={t(`${T}.stage_hint`)}
        error={errors.stage}
        testId="attach-stage"
      />
      <Field.Root invalid={Boolean(errors.path)} data-testid="attach-file-field">
        <FileUploader
          value={files}
          onChange={(items) => {
            setFiles(items);
            setErrors({});
          }}
          accept={['ifc']}
          maxFiles={1}
          maxFileSize={IFC_MAX_BYTES}
          label={t(`${T}.file_label`)}
        />
        <Field.HelperText>{t(`${T}.file_hint`, { size: formatBytes(IFC_MAX_BYTES) })}</Field.HelperText>
        {errors.path ? <Field.ErrorText data-testid="attach-error">{errors.path}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialog>
  );
}

import { useState } from 'react';
import { Alert, Box, Button, Circle, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, ImportSheet } from '#domain/quality-responses';
import { isApiError } from '../../../api/errors.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { attributesQuery } from '../api/attributes.ts';
import { useImportPreview, useImportSheet, useRunImport, type ImportResult } from '../api/imports.ts';
import { MappingStep, type ColumnMapping } from './mapping-step.tsx';
import { PreviewStep } from './preview-step.tsx';

const T = 'quality_ui.import';
const STEPS = ['upload', 'mapping', 'preview'] as const;
type Step = (typeof STEPS)[number];

/**
 * The activity import wizard (docs/product.md §2 construction progress: value-import wizard in 3 steps): upload an
 * xlsx or csv, map its columns, preview every row's errors, then import in one go. Going back keeps the file and
 * the mapping; the server reads the uploaded sheet again at each step, so what is imported is what was previewed.
 */
export function ImportWizard({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('upload');
  const [files, setFiles] = useState<UploadedFileItem[]>([]);
  const [sheet, setSheet] = useState<(ImportSheet & { path: string }) | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const attributes = useQuery({ ...attributesQuery(), enabled: open });
  const readSheet = useImportSheet();
  const check = useImportPreview();
  const run = useRunImport(projectId);

  const fail = (err: unknown) => {
    setErrors(isApiError(err) ? err.fields : {});
    setFailure(isApiError(err) ? (Object.values(err.fields)[0] ?? err.message) : t('common.error_default'));
  };
  const reset = () => {
    setStep('upload');
    setFiles([]);
    setSheet(null);
    setMapping({});
    setPreview(null);
    setResult(null);
    setErrors({});
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onUploaded = (items: UploadedFileItem[]) => {
    setFiles(items);
    setFailure(null);
    const path = items[0]?.path;
    if (!path) return setSheet(null);
    if (sheet?.path === path) return;
    readSheet.mutate(
      { project_id: projectId, path },
      {
        onSuccess: (answer) => {
          setSheet({ ...answer, path });
          setMapping(answer.suggested_mapping);
          setPreview(null);
          setStep('mapping');
        },
        onError: fail,
      },
    );
  };
  const toPreview = () => {
    if (!sheet) return;
    setFailure(null);
    setErrors({});
    check.mutate(
      { project_id: projectId, path: sheet.path, mapping },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setStep('preview');
        },
        onError: fail,
      },
    );
  };
  const runImport = () => {
    if (!sheet) return;
    run.mutate(
      { project_id: projectId, path: sheet.path, mapping },
      { onSuccess: setResult, onError: (err) => setFailure(isApiError(err) ? err.message : t('common.error_default')) },
    );
  };

  const canImport = step === 'preview' && preview !== null && preview.error_count === 0 && preview.valid_count > 0;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !run.isPending && close()}
      placement="center"
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="import-wizard">
            <Dialog.Header flexDirection="column" alignItems="stretch" gap="3">
              <Dialog.Title>{t(`${T}.title`)}</Dialog.Title>
              <StepIndicator step={step} />
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {failure ? (
                  <Alert.Root status="error" data-testid="import-failure">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Description>{failure}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}
                {step === 'upload' ? (
                  <Stack gap="3" data-testid="import-upload">
                    <Text textStyle="sm" color="fg.muted">
                      {t(`${T}.upload_intro`)}
                    </Text>
                    <FileUploader
                      value={files}
                      onChange={onUploaded}
                      accept={['xlsx', 'csv']}
                      maxFiles={1}
                      label={t(`${T}.upload_label`)}
                    />
                    {readSheet.isPending ? (
                      <HStack gap="2" data-testid="import-reading">
                        <Spinner size="sm" />
                        <Text textStyle="sm">{t(`${T}.reading`)}</Text>
                      </HStack>
                    ) : null}
                  </Stack>
                ) : null}
                {step === 'mapping' && sheet ? (
                  <MappingStep
                    sheet={sheet}
                    attributes={attributes.data ?? []}
                    mapping={mapping}
                    onChange={setMapping}
                    errors={errors}
                  />
                ) : null}
                {step === 'preview' && preview ? (
                  <PreviewStep
                    preview={preview}
                    attributes={attributes.data ?? []}
                    running={run.isPending}
                    result={result}
                  />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              {result ? (
                <Button colorPalette="brand" minH="44px" onClick={close} data-testid="import-close">
                  {t(`${T}.close`)}
                </Button>
              ) : (
                <>
                  {step !== 'upload' ? (
                    <Button
                      variant="outline"
                      minH="44px"
                      disabled={run.isPending}
                      onClick={() => {
                        setFailure(null);
                        setStep(step === 'preview' ? 'mapping' : 'upload');
                      }}
                      data-testid="import-back"
                    >
                      {t(`${T}.back`)}
                    </Button>
                  ) : null}
                  <Box flex="1" />
                  {/* On a phone the corner × cancels: "back" and the next step keep the row to themselves. */}
                  <Button variant="ghost" minH="44px" disabled={run.isPending} onClick={close} hideBelow="sm">
                    {t('common.cancel')}
                  </Button>
                  {step === 'upload' && sheet ? (
                    <Button
                      colorPalette="brand"
                      minH="44px"
                      onClick={() => setStep('mapping')}
                      data-testid="import-next"
                    >
                      {t(`${T}.next`)}
                    </Button>
                  ) : null}
                  {step === 'mapping' ? (
                    <Button
                      colorPalette="brand"
                      minH="44px"
                      loading={check.isPending}
                      onClick={toPreview}
                      data-testid="import-next"
                    >
                      {t(`${T}.next`)}
                    </Button>
                  ) : null}
                  {canImport ? (
                    <Button
                      colorPalette="brand"
                      minH="44px"
                      loading={run.isPending}
                      onClick={runImport}
                      data-testid="import-run"
                    >
                      {t(`${T}.run`, { count: preview.valid_count })}
                    </Button>
                  ) : null}
                </>
              )}
            </Dialog.Footer>
            {!run.isPending ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Which of the three steps the wizard is on: numbered, the done ones ticked off in the brand colour. */
function StepIndicator({ step }: { step: Step }) {
  const { t } = useTranslation();
  const current = STEPS.indexOf(step);
  return (
    <HStack
      as="ol"
      gap="2"
      listStyleType="none"
      aria-label={t(`${T}.steps_label`)}
      data-testid="import-steps"
      wrap="wrap"
    >
      {STEPS.map((s, i) => (
        <HStack
          as="li"
          key={s}
          gap="2"
          aria-current={i === current ? 'step' : undefined}
          flex={{ base: i === current ? '1' : '0 0 auto', sm: '1' }}
          minW={{ base: '0', sm: '120px' }}
        >
          <Circle
            size="7"
            bg={i <= current ? 'brand.solid' : 'bg.muted'}
            color={i <= current ? 'brand.contrast' : 'fg.muted'}
            fontWeight="semibold"
            textStyle="sm"
          >
            {i + 1}
          </Circle>
          {/* On a phone only the current step is named, so the three fit on one line; the others show their number. */}
          <Text
            textStyle="sm"
            hideBelow={i === current ? undefined : 'sm'}
            fontWeight={i === current ? 'semibold' : 'normal'}
            color={i === current ? 'fg' : 'fg.muted'}
          >
            {t(`${T}.steps.${s}`)}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}

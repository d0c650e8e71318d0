import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Circle, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors.ts';
import { CloseButton } from '../close-button.tsx';
import { FileUploader } from '../upload/file-uploader.tsx';
import type { UploadedFileItem } from '../upload/upload-api.ts';
import { ColumnMappingStep, type ColumnMapping, type MappingTarget, type SheetShape } from './column-mapping-step.tsx';

export type { SheetShape };

const STEPS = ['upload', 'mapping', 'preview'] as const;
type Step = (typeof STEPS)[number];

export type SheetBody = { project_id: number; path: string };
export type MappingBody = SheetBody & { mapping: ColumnMapping };

/** A step's write, as a mutation hook answers it (mutate with its callbacks, and whether it runs). */
export type WizardWrite<V, A> = {
  mutate: (variables: V, callbacks: { onSuccess: (answer: A) => void; onError: (err: unknown) => void }) => void;
  isPending: boolean;
};

type Props<S extends SheetShape, P, R> = {
  projectId: number;
  open: boolean;
  onClose: () => void;
  /**
   * Locale prefix of the wizard's words: `.title`, `.steps_label`, `.steps.{upload,mapping,preview}`, `.upload_intro`,
   * `.upload_label`, `.reading`, `.back`, `.next`, `.close`, `.run` (count: the rows to import), and the mapping
   * step's (ColumnMappingStep).
   */
  texts: string;
  /** The targets a column may take; the first, with value '', ignores it. */
  targets: MappingTarget[];
  sheet: WizardWrite<SheetBody, S>;
  preview: WizardWrite<MappingBody, P>;
  run: WizardWrite<MappingBody, R>;
  /** Step 3's content: the preview, then (result set) the summary. */
  renderPreview: (preview: P, state: { running: boolean; result: R | null }) => ReactNode;
  /** How many rows the import would write, or 0 when it may not run (errors in the preview). */
  importable: (preview: P) => number;
};

/**
 * A sheet import in three steps (docs/product.md §2: value-import wizard): upload an xlsx or csv, map its columns
 * (prefilled from the server's guess), preview every row's errors, then import in one go. Going back keeps the file
 * and the mapping; the server reads the uploaded sheet again at each step, so what is imported is what was previewed.
 * Test ids: import-wizard, import-steps, import-upload, import-mapping, import-next, import-back, import-run,
 * import-close, import-failure.
 */
export function SheetImportWizard<S extends SheetShape, P, R>(props: Props<S, P, R>) {
  const { projectId, open, onClose, texts: T, targets, renderPreview, importable } = props;
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('upload');
  const [files, setFiles] = useState<UploadedFileItem[]>([]);
  const [sheet, setSheet] = useState<(S & { path: string }) | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

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
    props.sheet.mutate(
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
    props.preview.mutate(
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
    props.run.mutate(
      { project_id: projectId, path: sheet.path, mapping },
      { onSuccess: setResult, onError: (err) => setFailure(isApiError(err) ? err.message : t('common.error_default')) },
    );
  };

  const running = props.run.isPending;
  const count = step === 'preview' && preview !== null ? importable(preview) : 0;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !running && close()}
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
              <StepIndicator step={step} texts={T} />
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
                    {props.sheet.isPending ? (
                      <HStack gap="2" data-testid="import-reading">
                        <Spinner size="sm" />
                        <Text textStyle="sm">{t(`${T}.reading`)}</Text>
                      </HStack>
                    ) : null}
                  </Stack>
                ) : null}
                {step === 'mapping' && sheet ? (
                  <ColumnMappingStep
                    sheet={sheet}
                    targets={targets}
                    mapping={mapping}
                    onChange={setMapping}
                    errors={errors}
                    texts={T}
                  />
                ) : null}
                {step === 'preview' && preview ? renderPreview(preview, { running, result }) : null}
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
                      disabled={running}
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
                  <Button variant="ghost" minH="44px" disabled={running} onClick={close} hideBelow="sm">
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
                      loading={props.preview.isPending}
                      onClick={toPreview}
                      data-testid="import-next"
                    >
                      {t(`${T}.next`)}
                    </Button>
                  ) : null}
                  {count > 0 ? (
                    <Button
                      colorPalette="brand"
                      minH="44px"
                      loading={running}
                      onClick={runImport}
                      data-testid="import-run"
                    >
                      {t(`${T}.run`, { count })}
                    </Button>
                  ) : null}
                </>
              )}
            </Dialog.Footer>
            {!running ? (
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
function StepIndicator({ step, texts: T }: { step: Step; texts: string }) {
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

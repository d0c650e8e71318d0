import { Alert, Badge, Box, HStack, Progress, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PROGRAM_FIELDS, PROGRAM_REQUIRED_FIELDS } from '#domain/verifications';
import type { ProgramPreview } from '#domain/verifications-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { SheetErrors } from '../../../widgets/sheet-import/sheet-errors.tsx';
import { SheetImportWizard } from '../../../widgets/sheet-import/sheet-import-wizard.tsx';
import { useProgramPreview, useProgramSheet, useRunProgramImport } from '../api/program-mutations.ts';
import type { ProgramResult } from '../api/program.ts';

const T = 'verifications_ui.program.import';
const required = new Set<string>(PROGRAM_REQUIRED_FIELDS);

/**
 * "Cargar programa": the project's program from an xlsx or csv (widgets/sheet-import): its columns mapped to the
 * program's fields (the server's guess prefilled), a preview of the receptions it creates and updates (by code), every
 * row's errors and the work packages no template receives, then the import; the list refreshes by itself.
 */
export function ProgramWizard({ projectId, open, onClose }: { projectId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sheet = useProgramSheet();
  const preview = useProgramPreview();
  const run = useRunProgramImport(projectId);
  const targets = [
    { value: '', label: t(`${T}.ignore`) },
    ...PROGRAM_FIELDS.map((f) => ({
      value: f,
      label: required.has(f) ? t(`${T}.required_field`, { field: t(`${T}.fields.${f}`) }) : t(`${T}.fields.${f}`),
    })),
  ];
  return (
    <SheetImportWizard
      projectId={projectId}
      open={open}
      onClose={onClose}
      texts={T}
      targets={targets}
      sheet={sheet}
      preview={preview}
      run={run}
      importable={(p) => (p.error_count === 0 ? p.valid_count : 0)}
      renderPreview={(p, state) => <ProgramPreviewStep preview={p} {...state} />}
    />
  );
}

/**
 * Step 3: what the import would do (new and updated receptions, the rows' errors, the work packages imported without a
 * template, a sample); while it runs an indeterminate bar, then a summary.
 */
function ProgramPreviewStep({
  preview,
  running,
  result,
}: {
  preview: ProgramPreview;
  running: boolean;
  result: ProgramResult | null;
}) {
  const { t, i18n } = useTranslation();
  const day = (d: string) => dateText(d, i18n.language);
  if (result)
    return (
      <Alert.Root status="success" data-testid="import-summary">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(`${T}.done_title`)}</Alert.Title>
          <Alert.Description>
            {t(`${T}.done_created`, { count: result.created })} {t(`${T}.done_updated`, { count: result.updated })}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  return (
    <Stack gap="4" data-testid="import-preview">
      <HStack gap="2" wrap="wrap" data-testid="import-counts">
        <Badge size="lg" variant="subtle">
          {t(`${T}.rows`, { count: preview.row_count })}
        </Badge>
        <Badge size="lg" colorPalette="green" variant="subtle">
          {t(`${T}.create_rows`, { count: preview.create_count })}
        </Badge>
        <Badge size="lg" colorPalette="blue" variant="subtle">
          {t(`${T}.update_rows`, { count: preview.update_count })}
        </Badge>
        {preview.error_count > 0 ? (
          <Badge size="lg" colorPalette="red" variant="subtle">
            {t(`${T}.error_rows`, { count: preview.row_count - preview.valid_count })}
          </Badge>
        ) : null}
      </HStack>

      {running ? (
        <Stack gap="1" data-testid="import-running">
          <Text textStyle="sm">{t(`${T}.running`, { count: preview.valid_count })}</Text>
          <Progress.Root value={null} size="sm" colorPalette="brand">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ) : null}

      <SheetErrors errors={preview.errors} count={preview.error_count} texts={T} />

      {preview.unmatched_work_packages.length > 0 ? (
        <Alert.Root status="warning" data-testid="import-unmatched">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`${T}.unmatched_title`, { count: preview.unmatched_work_packages.length })}</Alert.Title>
            <Alert.Description>
              <Stack gap="2">
                <Text>{t(`${T}.unmatched_help`)}</Text>
                <Wrap gap="1">
                  {preview.unmatched_work_packages.map((w) => (
                    <Badge key={w} variant="outline">
                      {w}
                    </Badge>
                  ))}
                </Wrap>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {preview.sample.length > 0 ? (
        <Box>
          <Text fontWeight="semibold" mb="2">
            {t(`${T}.preview_sample_title`)}
          </Text>
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" data-testid="import-preview-sample">
              <Table.Header>
                <Table.Row>
                  {PROGRAM_FIELDS.map((f) => (
                    <Table.ColumnHeader key={f} whiteSpace="nowrap">
                      {t(`${T}.fields.${f}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {preview.sample.map((r, i) => (
                  <Table.Row key={`${r.code}-${i}`}>
                    <Table.Cell whiteSpace="nowrap">{r.code}</Table.Cell>
                    <Table.Cell>{r.name}</Table.Cell>
                    <Table.Cell>{r.work_package ?? '—'}</Table.Cell>
                    <Table.Cell>{r.location ?? '—'}</Table.Cell>
                    <Table.Cell>{r.contractor ?? '—'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{day(r.planned_start)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{day(r.planned_end)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      ) : null}
    </Stack>
  );
}

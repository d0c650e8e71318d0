import { Alert, Badge, Box, HStack, Progress, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImportPreview, QualityAttribute } from '#domain/quality-responses';
import { dateText } from '../../../widgets/date-text.ts';
import { SheetErrors } from '../../../widgets/sheet-import/sheet-errors.tsx';
import { formatNumber } from '../../../widgets/number-format.ts';
import type { ImportResult } from '../api/imports.ts';

const T = 'quality_ui.import';

/**
 * Step 3: what the import would do (counts, the rows' errors, new attribute values, a sample); while it runs an
 * indeterminate bar (the server writes in one transaction and reports nothing until it commits), then a summary.
 */
export function PreviewStep({
  preview,
  attributes,
  running,
  result,
}: {
  preview: ImportPreview;
  attributes: QualityAttribute[];
  running: boolean;
  result: ImportResult | null;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = new Map(attributes.map((a) => [String(a.id), a.name]));
  const newValues = Object.entries(preview.new_values).filter(([, names]) => names.length > 0);
  if (result)
    return (
      <Alert.Root status="success" data-testid="import-summary">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(`${T}.done_title`)}</Alert.Title>
          <Alert.Description>
            {t(`${T}.done_created`, { count: result.created })}{' '}
            {result.values_created > 0 ? t(`${T}.done_values`, { count: result.values_created }) : null}
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
          {t(`${T}.valid_rows`, { count: preview.valid_count })}
        </Badge>
        {preview.error_count > 0 ? (
          <Badge size="lg" colorPalette="red" variant="subtle">
            {t(`${T}.error_rows`, { count: preview.row_count - preview.valid_count })}
          </Badge>
        ) : null}
      </HStack>

      {running ? (
        <Stack gap="1" data-testid="import-running">
          <Text textStyle="sm">{t(`${T}.running`, { count: preview.row_count })}</Text>
          <Progress.Root value={null} size="sm" colorPalette="brand">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      ) : null}

      <SheetErrors errors={preview.errors} count={preview.error_count} texts={T} />

      {newValues.length > 0 ? (
        <Box data-testid="import-new-values">
          <Text fontWeight="semibold" mb="1">
            {t(`${T}.new_values_title`)}
          </Text>
          <Stack gap="1">
            {newValues.map(([id, names]) => (
              <Wrap key={id} gap="1" align="center">
                <Text textStyle="sm" color="fg.muted" me="1">
                  {nameOf.get(id) ?? id}:
                </Text>
                {names.map((n) => (
                  <Badge key={n} variant="outline">
                    {n}
                  </Badge>
                ))}
              </Wrap>
            ))}
          </Stack>
        </Box>
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
                  <Table.ColumnHeader>{t(`${T}.fields.index`)}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t(`${T}.fields.description`)}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t(`${T}.fields.estimated_start`)}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t(`${T}.fields.estimated_end`)}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t(`${T}.fields.progress`)}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {preview.sample.map((r, i) => (
                  <Table.Row key={i}>
                    <Table.Cell whiteSpace="nowrap">{r.code}</Table.Cell>
                    <Table.Cell>
                      <Text ps={`${r.level * 16}px`}>{r.description}</Text>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {/* Written as the activity list writes them: the UI language's short form. */}
                      {dateText(r.estimated_start, i18n.language)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{dateText(r.estimated_end, i18n.language)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {t(`${T}.percent`, { value: formatNumber(r.progress, { precision: 1, fixed: false }) })}
                    </Table.Cell>
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

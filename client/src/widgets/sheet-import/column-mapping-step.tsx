import { Box, Field, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** column → the target it fills, or null (ignored). */
/** What step 1 answers: the sheet's columns, first rows and the server's guess of the mapping. */
export type SheetShape = {
  columns: string[];
  sample: string[][];
  row_count: number;
  suggested_mapping: Record<string, string>;
};

export type ColumnMapping = Record<string, string | null>;
/** A target a column may take, as its select offers it; value '' ignores the column. */
export type MappingTarget = { value: string; label: string };

/**
 * Step 2 of a sheet import: each column of the sheet mapped to a target or ignored (prefilled from the server's guess),
 * with the sheet's first rows under it. A target taken by another column is not offered again. Words under `texts`:
 * `.mapping_intro` (count: the sheet's rows), `.column_empty`, `.target_for` (column), `.sample_title`; a 422 lands on
 * `mapping` or `mapping.<column>`.
 */
export function ColumnMappingStep({
  sheet,
  targets,
  mapping,
  onChange,
  errors,
  texts: T,
}: {
  sheet: SheetShape;
  targets: MappingTarget[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  errors: Record<string, string>;
  texts: string;
}) {
  const { t } = useTranslation();
  const takenBy = new Map(Object.entries(mapping).flatMap(([c, target]) => (target ? [[target, c] as const] : [])));
  return (
    <Stack gap="4" data-testid="import-mapping">
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.mapping_intro`, { count: sheet.row_count })}
      </Text>
      {errors.mapping ? (
        <Text color="fg.error" textStyle="sm" data-testid="import-mapping-error">
          {errors.mapping}
        </Text>
      ) : null}
      <Stack gap="3">
        {sheet.columns.map((column, i) => {
          const examples = sheet.sample
            .map((row) => row[i])
            .filter(Boolean)
            .slice(0, 3);
          return (
            <Field.Root key={column} invalid={Boolean(errors[`mapping.${column}`])}>
              <Stack direction={{ base: 'column', md: 'row' }} gap="2" align={{ md: 'center' }} w="full">
                <Box flex="1" minW="0">
                  <Field.Label>{column}</Field.Label>
                  <Text textStyle="xs" color="fg.muted" lineClamp={1}>
                    {examples.length ? examples.join(' · ') : t(`${T}.column_empty`)}
                  </Text>
                </Box>
                <NativeSelect.Root size="sm" width={{ base: 'full', md: '260px' }}>
                  <NativeSelect.Field
                    aria-label={t(`${T}.target_for`, { column })}
                    value={mapping[column] ?? ''}
                    onChange={(e) => onChange({ ...mapping, [column]: e.currentTarget.value || null })}
                    data-testid={`import-target-${i}`}
                  >
                    {targets
                      .filter((o) => !o.value || !takenBy.has(o.value) || takenBy.get(o.value) === column)
                      .map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Stack>
              {errors[`mapping.${column}`] ? <Field.ErrorText>{errors[`mapping.${column}`]}</Field.ErrorText> : null}
            </Field.Root>
          );
        })}
      </Stack>
      <Box>
        <Text fontWeight="semibold" mb="2">
          {t(`${T}.sample_title`)}
        </Text>
        <Table.ScrollArea borderWidth="1px" rounded="md" maxH="260px">
          <Table.Root size="sm" stickyHeader data-testid="import-sheet-sample">
            <Table.Header>
              <Table.Row>
                {sheet.columns.map((c) => (
                  <Table.ColumnHeader key={c} whiteSpace="nowrap">
                    {c}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sheet.sample.map((row, r) => (
                <Table.Row key={r}>
                  {sheet.columns.map((c, i) => (
                    <Table.Cell key={c} whiteSpace="nowrap">
                      {row[i]}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
    </Stack>
  );
}

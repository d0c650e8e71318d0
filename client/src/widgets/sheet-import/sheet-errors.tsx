import { Alert, Box, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type SheetRowError = { row: number; column: string; message: string };

/**
 * Step 3 of a sheet import: the rows' errors (row, column, the server's message) under a warning that counts them.
 * Words under `texts`: `.errors_title` (count), `.errors_shown` (shown, count: when the server sent only the first
 * ones), `.errors_fix`, `.row`, `.column`, `.message`. Nothing when there is no error.
 */
export function SheetErrors({ errors, count, texts: T }: { errors: SheetRowError[]; count: number; texts: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Box>
      <Alert.Root status="warning" mb="2">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t(`${T}.errors_title`, { count })}</Alert.Title>
          <Alert.Description>
            {errors.length < count ? t(`${T}.errors_shown`, { shown: errors.length, count }) : t(`${T}.errors_fix`)}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="280px">
        <Table.Root size="sm" stickyHeader data-testid="import-errors">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t(`${T}.row`)}</Table.ColumnHeader>
              <Table.ColumnHeader>{t(`${T}.column`)}</Table.ColumnHeader>
              <Table.ColumnHeader>{t(`${T}.message`)}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {errors.map((e, i) => (
              <Table.Row key={`${e.row}-${e.column}-${i}`}>
                <Table.Cell>{e.row}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{e.column}</Table.Cell>
                <Table.Cell>{e.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

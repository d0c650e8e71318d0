import { useState } from 'react';
import { Box, Button, Checkbox, Dialog, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UserImportPreview } from '#domain/users-responses';
import { USER_IMPORT_COLUMNS } from '#domain/users';
import { showSuccessToast } from '../../../api/notify.ts';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useConfirmImport, usePreviewImport } from './api/user-mutations.ts';

/**
 * Bulk import of users (xlsx or csv): the file is checked row by row and nothing is written until the admin confirms
 * the valid rows they keep; the errors come in their language. The columns are USER_IMPORT_COLUMNS (domain/users.ts).
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<UserImportPreview | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const check = usePreviewImport();
  const confirm = useConfirmImport();
  const close = () => {
    setFile(null);
    setPreview(null);
    setChosen([]);
    onClose();
  };
  const pick = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    setPreview(null);
    check.mutate(f, {
      onSuccess: (p) => {
        setPreview(p);
        setChosen(p.rows.filter((r) => !r.errors.length).map((r) => r.row));
      },
    });
  };
  const submit = () =>
    file &&
    preview &&
    confirm.mutate(
      { file, token: preview.token, rows: chosen },
      {
        onSuccess: (answer) => {
          if (answer.message) showSuccessToast(answer.message);
          close();
        },
      },
    );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && close()}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-import">
            <Dialog.Header>
              <Dialog.Title>{t('config_users_ui.import.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm">
                  {t('config_users_ui.import.help', {
                    columns: USER_IMPORT_COLUMNS.map((c) => t(`config_users.import.columns.${c}`)).join(', '),
                  })}
                </Text>
                <Box as="label" display="flex" flexDirection="column" gap="1" fontSize="sm" fontWeight="medium">
                  {t('config_users_ui.import.file')}
                  <input
                    type="file"
                    accept=".xlsx,.csv"
                    data-testid="user-import-file"
                    onChange={(e) => pick(e.currentTarget.files?.[0])}
                    style={{ minHeight: 44 }}
                  />
                </Box>
                {check.isPending ? <Text>{t('config_users_ui.import.checking')}</Text> : null}
                {preview ? (
                  <>
                    <Text fontWeight="medium" data-testid="user-import-summary">
                      {t('config_users_ui.import.summary', { valid: preview.valid, invalid: preview.invalid })}
                    </Text>
                    <Box overflowX="auto">
                      <Table.Root size="sm">
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>{t('config_users_ui.import.keep')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('config_users_ui.import.row')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('config_users.import.columns.username')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('config_users_ui.columns.name')}</Table.ColumnHeader>
                            <Table.ColumnHeader>{t('config_users_ui.import.errors')}</Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {preview.rows.map((r) => (
                            <Table.Row key={r.row}>
                              <Table.Cell>
                                <Checkbox.Root
                                  disabled={r.errors.length > 0}
                                  checked={chosen.includes(r.row)}
                                  onCheckedChange={(d) =>
                                    setChosen((c) =>
                                      d.checked === true ? [...c, r.row] : c.filter((n) => n !== r.row),
                                    )
                                  }
                                >
                                  <Checkbox.HiddenInput
                                    aria-label={t('config_users_ui.import.keep_row', { row: r.row })}
                                  />
                                  <Checkbox.Control />
                                </Checkbox.Root>
                              </Table.Cell>
                              <Table.Cell>{r.row}</Table.Cell>
                              <Table.Cell>{r.username}</Table.Cell>
                              <Table.Cell>{r.full_name}</Table.Cell>
                              <Table.Cell color={r.errors.length ? 'fg.error' : undefined}>
                                {r.errors.length
                                  ? r.errors.map((e) => `${e.column}: ${e.message}`).join(' · ')
                                  : t('config_users_ui.import.ok')}
                              </Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Box>
                  </>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} minH="11">
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="brand"
                minH="11"
                disabled={!preview || !chosen.length}
                loading={confirm.isPending}
                onClick={submit}
                data-testid="user-import-confirm"
              >
                {t('config_users_ui.import.confirm', { count: chosen.length })}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { useRef, useState } from 'react';
import { Alert, Box, Button, Card, Heading, HStack, IconButton, List, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Download, Pencil, Trash2, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { unitTypePatchSchema, unitTypeSchema } from '#domain/schemas/deliveries';
import { isApiError } from '../../../api/errors.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { saveBlob } from '../../../widgets/upload/transfer.ts';
import {
  unitTypesQuery,
  useDeleteUnitType,
  useExportCatalogue,
  useImportCatalogue,
  useSaveUnitType,
} from './catalogue-api.ts';
import type { UnitType } from './catalogue-types.ts';
import { CatalogueTree } from './catalogue-tree.tsx';
import { NodeDialog, type NodeFields } from './node-dialog.tsx';

/** Surface typed with a comma or a dot (docs/product.md §5 "comma accepted as decimal separator"); empty = none. */
export const typeInput = (f: NodeFields) => ({
  name: f.name,
  category: f.category ?? '',
  surface: f.surface?.trim() ? f.surface.trim().replace(',', '.') : null,
});

/** docs/product.md §2 unit type configuration: unit types (name 1–49, category, surface 0–99999.99), their catalogue, xlsx import and export. */
export function UnitTypesSection() {
  const { t } = useTranslation();
  const types = useQuery(unitTypesQuery());
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<UnitType | 'new' | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveUnitType();
  const remove = useDeleteUnitType();
  const importer = useImportCatalogue();
  const exporter = useExportCatalogue();
  const importFile = (file: File) => {
    setImportErrors([]);
    importer.mutate(file, {
      onSuccess: (r) => showSuccessToast(r.message ?? t('deliveries_ui.messages.saved')),
      // The toast lists them too (docs/product.md §8); kept here so a long list can be read and fixed row by row.
      onError: (err) => setImportErrors(isApiError(err) ? err.errors : []),
    });
  };
  const exportFile = () =>
    exporter.mutate(selected ? [selected] : [], {
      onSuccess: (blob) => saveBlob(blob, `catalogo-${new Date().toISOString().slice(0, 10)}.xlsx`),
    });

  const initial: NodeFields =
    editing && editing !== 'new'
      ? {
          name: editing.name,
          category: editing.category,
          surface: editing.surface === null ? '' : String(editing.surface).replace('.', ','),
        }
      : { name: '', category: '', surface: '' };
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {t('deliveries_ui.catalogue.title')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            loading={exporter.isPending}
            onClick={exportFile}
            data-testid="catalogue-export"
          >
            <Download size={14} />
            {t('deliveries_ui.catalogue.export')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={importer.isPending}
            onClick={() => fileInput.current?.click()}
            data-testid="catalogue-import"
          >
            <Upload size={14} />
            {t('deliveries_ui.catalogue.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="catalogue-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) importFile(file);
            }}
          />
          <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')} data-testid="unit-type-add">
            {t('deliveries_ui.catalogue.add_type')}
          </Button>
        </HStack>
      </HStack>
      {importErrors.length ? (
        <Alert.Root status="warning" data-testid="import-errors">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('deliveries_ui.catalogue.import_failed')}</Alert.Title>
            <List.Root ps="4" textStyle="sm" maxH="48" overflowY="auto">
              {importErrors.map((e, i) => (
                <List.Item key={i}>{e}</List.Item>
              ))}
            </List.Root>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {types.isPending ? (
        <PageSpinner minH="20vh" />
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('deliveries_ui.catalogue.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('deliveries_ui.catalogue.category')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('deliveries_ui.catalogue.surface')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('deliveries_ui.catalogue.units')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(types.data ?? []).map((u) => (
                <Table.Row
                  key={u.id}
                  onClick={() => setSelected(u.id)}
                  cursor="pointer"
                  bg={selected === u.id ? 'brand.subtle' : undefined}
                  data-testid="unit-type-row"
                >
                  <Table.Cell fontWeight="medium">{u.name}</Table.Cell>
                  <Table.Cell>{u.category}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {u.surface === null ? '—' : u.surface.toLocaleString('es-CL', { maximumFractionDigits: 2 })}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{u.units_count}</Table.Cell>
                  <Table.Cell textAlign="end" onClick={(e) => e.stopPropagation()}>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('deliveries_ui.actions.edit')}
                      onClick={() => setEditing(u)}
                    >
                      <Pencil size={14} />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('deliveries_ui.actions.delete')}
                      disabled={u.units_count > 0}
                      onClick={() => remove.mutate(u.id, { onSuccess: () => setSelected(null) })}
                    >
                      <Trash2 size={14} />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {!types.data?.length ? (
            <Text p="3" color="fg.muted">
              {t('deliveries_ui.config.no_unit_types')}
            </Text>
          ) : null}
        </Box>
      )}
      {selected ? (
        <Card.Root size="sm">
          <Card.Body>
            <CatalogueTree unitTypeId={selected} />
          </Card.Body>
        </Card.Root>
      ) : null}
      {editing ? (
        <NodeDialog
          open
          title={t(editing === 'new' ? 'deliveries_ui.catalogue.add_type' : 'deliveries_ui.actions.edit')}
          initial={initial}
          schema={editing === 'new' ? unitTypeSchema : unitTypePatchSchema}
          toInput={typeInput}
          onClose={() => setEditing(null)}
          onSave={(input) => save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })}
        />
      ) : null}
    </Stack>
  );
}

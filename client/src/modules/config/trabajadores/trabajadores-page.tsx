import { useState } from 'react';
import { Button, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES, type ContractType } from '#domain/workers';
import type { WorkerRow } from '#domain/workers-responses';
import { rutLabelKey } from '#domain/validation';
import { QueryState } from '../../../widgets/query-state.tsx';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { ExportMenu } from '../../../widgets/export-menu.tsx';
import { displayDate } from '../../../widgets/display-date.ts';
import { WorkerDialog } from './worker-dialog.tsx';
import { exportWorkers, workerOptionsQuery, workersQuery, type WorkerFilters } from './trabajadores-api.ts';

/** docs/product.md §2 config trabajadores: workers and their contracts, with filters and export. */
export function TrabajadoresPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<WorkerFilters>({ page: 1 });
  const workers = useQuery(workersQuery(filters));
  const options = useQuery(workerOptionsQuery());
  const [editing, setEditing] = useState<WorkerRow | 'new' | null>(null);
  const day = (d: string | null) => (d ? displayDate(d, i18n.language) : '—');
  const activeCount = [filters.contract_type, filters.active].filter(Boolean).length;

  return (
    <Stack gap="4">
      <FilterBar
        search={filters.search ?? ''}
        onSearchChange={(search) => setFilters({ ...filters, search: search || undefined, page: 1 })}
        activeCount={activeCount}
        onClear={() => setFilters({ page: 1 })}
        actions={
          <>
            <ExportMenu download={(format) => exportWorkers(format, filters)} baseName="trabajadores" />
            <Button onClick={() => setEditing('new')} minH="11" disabled={!options.data} data-testid="worker-new">
              {t('config_ui.workers.new')}
            </Button>
          </>
        }
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" w="full">
          <SelectField
            label={t('config_ui.workers.contract_type')}
            value={filters.contract_type ?? ''}
            onChange={(v) =>
              setFilters({ ...filters, contract_type: (v || undefined) as ContractType | undefined, page: 1 })
            }
            placeholder={t('config_ui.all')}
            options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`config_api.workers.contract_types.${c}`) }))}
          />
          <SelectField
            label={t('config_ui.workers.is_active')}
            value={filters.active ?? ''}
            onChange={(v) =>
              setFilters({ ...filters, active: (v || undefined) as 'true' | 'false' | undefined, page: 1 })
            }
            placeholder={t('config_ui.all')}
            options={[
              { value: 'true', label: t('config_ui.yes') },
              { value: 'false', label: t('config_ui.no') },
            ]}
          />
        </SimpleGrid>
      </FilterBar>
      <QueryState query={workers}>
        {(page) =>
          page.data.length ? (
            <Stack gap="2">
              <Table.ScrollArea>
                <Table.Root size="sm" data-testid="workers-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('config_ui.workers.name')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t(rutLabelKey(options.data?.country))}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.workers.contractor_company')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.workers.position_id')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.workers.contract_type')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.workers.start_date')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.workers.end_date')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.workers.is_active')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {page.data.map((w) => (
                      <Table.Row key={w.id}>
                        <Table.Cell>
                          {w.full_name}
                          {w.user ? <Text color="fg.muted">{w.user.username}</Text> : null}
                        </Table.Cell>
                        <Table.Cell>{w.rut ?? '—'}</Table.Cell>
                        <Table.Cell>{w.contractor_company ?? '—'}</Table.Cell>
                        <Table.Cell>{w.position?.name ?? '—'}</Table.Cell>
                        <Table.Cell>{t(`config_api.workers.contract_types.${w.contract_type}`)}</Table.Cell>
                        <Table.Cell>{day(w.start_date)}</Table.Cell>
                        <Table.Cell>{day(w.end_date)}</Table.Cell>
                        <Table.Cell>{t(w.is_active ? 'config_ui.yes' : 'config_ui.no')}</Table.Cell>
                        <Table.Cell textAlign="end">
                          <Button
                            size="sm"
                            variant="ghost"
                            minH="11"
                            onClick={() => setEditing(w)}
                            disabled={!options.data}
                          >
                            {t('config_ui.edit')}
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
              <TablePagination
                page={filters.page}
                total={page.total}
                rowsPerPage={page.rowsPerPage}
                onPageChange={(p) => setFilters({ ...filters, page: p })}
              />
            </Stack>
          ) : (
            <Text color="fg.muted">{t('config_ui.workers.empty')}</Text>
          )
        }
      </QueryState>
      {editing && options.data ? (
        <WorkerDialog worker={editing} options={options.data} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { USER_ACCOUNT_STATES, USER_SORTS } from '#domain/users';
import type { UserRow } from '#domain/users-responses';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { SortSelector } from '../../../widgets/sort-selector.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { ExportMenu } from '../../../widgets/export-menu.tsx';
import { userListQuery, userOptionsQuery, usersApi, type UserFilters, type UserSortState } from './api/users-api.ts';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UserActions } from './user-actions.tsx';
import { LimitsPanel } from './limits-panel.tsx';
import { ImportDialog } from './import-dialog.tsx';

const STATE_COLORS = { activo: 'green', deshabilitado: 'orange', eliminado: 'gray' } as const;

/** /config/usuarios (docs/product.md §2, §1 user administration with active-user limits). */
export function UsuariosPage() {
  const { t } = useTranslation();
  const me = useAuthUser().data;
  const [filters, setFilters] = useState<UserFilters>({});
  const [sort, setSort] = useState<UserSortState>({ sortBy: 'name', descending: false });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useQuery({ ...userListQuery(filters, sort, page), placeholderData: keepPreviousData });
  const options = useQuery(userOptionsQuery());
  const filter = (patch: UserFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const refs = (l: { id: number; name: string }[] | undefined) =>
    (l ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  const ids = (v: string[]) => v.map(Number);

  return (
    <Stack gap="5" data-testid="usuarios-page">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          {t('routes.config.usuarios.title')}
        </Heading>
        <Wrap gap="2">
          <Button colorPalette="brand" minH="11" onClick={() => setEditing('new')} data-testid="user-new">
            <Plus size={16} aria-hidden="true" />
            {t('config_users_ui.new')}
          </Button>
          <Button variant="outline" minH="11" onClick={() => setImporting(true)} data-testid="user-import-open">
            <Upload size={16} aria-hidden="true" />
            {t('config_users_ui.import.open')}
          </Button>
          <ExportMenu
            baseName="usuarios"
            download={(format) => usersApi.export(format, filters, sort)}
            testId="users-export"
          />
        </Wrap>
      </Flex>

      <Wrap gap="3" align="flex-end">
        <Box minW="64">
          <SearchInput
            value={filters.search ?? ''}
            onChange={(search) => filter({ search: search || undefined })}
            label={t('config_users_ui.search')}
            placeholder={t('config_users_ui.search')}
            data-testid="user-search"
          />
        </Box>
        <MultiSelectFilter
          label={t('config_users.import.columns.profile')}
          options={refs(options.data?.profiles)}
          value={(filters.profile_ids ?? []).map(String)}
          onChange={(v) => filter({ profile_ids: ids(v) })}
        />
        <MultiSelectFilter
          label={t('config_users.import.columns.position')}
          options={refs(options.data?.positions)}
          value={(filters.position_ids ?? []).map(String)}
          onChange={(v) => filter({ position_ids: ids(v) })}
        />
        <MultiSelectFilter
          label={t('config_users.import.columns.projects')}
          options={refs(options.data?.projects)}
          value={(filters.project_ids ?? []).map(String)}
          onChange={(v) => filter({ project_ids: ids(v) })}
        />
        <MultiSelectFilter
          label={t('config_users.export.state')}
          options={USER_ACCOUNT_STATES.map((s) => ({ value: s, label: t(`machines.user.states.cuenta.${s}`) }))}
          value={filters.states ?? []}
          onChange={(v) => filter({ states: v as UserFilters['states'] })}
        />
        <SortSelector
          fields={USER_SORTS.map((s) => ({ id: s, name: t(`config_users_ui.sorts.${s}`) }))}
          value={{ sortBy: sort.sortBy ?? null, descending: sort.descending }}
          onChange={(v) => setSort({ sortBy: (v.sortBy as UserSortState['sortBy']) ?? null, descending: v.descending })}
        />
      </Wrap>

      <QueryState query={list}>
        {(data) => (
          <Stack gap="3">
            <Box overflowX="auto">
              <Table.Root size="sm" data-testid="user-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('config_users_ui.columns.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('config_users.import.columns.email')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('config_users.import.columns.position')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('config_users.import.columns.profile')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('config_users.import.columns.projects')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('config_users.export.state')}</Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Text srOnly>{t('config_users_ui.columns.actions')}</Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.data.map((u) => (
                    <UserLine key={u.id} row={u} isSelf={u.id === me?.id} onEdit={() => setEditing(u)} />
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            {!data.data.length ? <Text color="fg.muted">{t('config_users_ui.empty')}</Text> : null}
            <TablePagination page={page} total={data.total} rowsPerPage={data.rowsPerPage} onPageChange={setPage} />
          </Stack>
        )}
      </QueryState>

      <LimitsPanel />
      {editing ? (
        <UserFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          user={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

/** One user: a deleted one struck through and greyed (docs/product.md §4). */
function UserLine({ row, isSelf, onEdit }: { row: UserRow; isSelf: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const deleted = row.state.cuenta === 'eliminado';
  return (
    <Table.Row data-testid={`user-row-${row.username}`} color={deleted ? 'fg.subtle' : undefined}>
      <Table.Cell>
        <Text textDecoration={deleted ? 'line-through' : undefined} fontWeight="medium">
          {row.full_name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {row.username}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {row.email ?? '—'}
        {row.email ? (
          <Badge ms="2" size="sm" variant="subtle" colorPalette={row.state.correo === 'verificado' ? 'green' : 'gray'}>
            {t(`machines.user.states.correo.${row.state.correo}`)}
          </Badge>
        ) : null}
      </Table.Cell>
      <Table.Cell>{row.position?.name ?? '—'}</Table.Cell>
      <Table.Cell>{row.profile?.name ?? '—'}</Table.Cell>
      <Table.Cell>
        {row.all_projects ? t('config_users.all_projects') : row.projects.map((p) => p.name).join(', ') || '—'}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1" align="flex-start">
          <Badge colorPalette={STATE_COLORS[row.state.cuenta]} data-testid={`user-state-${row.username}`}>
            {t(`machines.user.states.cuenta.${row.state.cuenta}`)}
          </Badge>
          {row.signature_path ? (
            <Badge size="sm" variant="outline" colorPalette={row.state.firma === 'verificada' ? 'green' : 'orange'}>
              {t(`machines.user.states.firma.${row.state.firma}`)}
            </Badge>
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <UserActions row={row} isSelf={isSelf} onEdit={onEdit} />
      </Table.Cell>
    </Table.Row>
  );
}

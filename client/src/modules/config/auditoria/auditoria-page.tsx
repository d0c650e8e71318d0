import { useState } from 'react';
import { Field, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '#domain/audit';
import { QueryState } from '../../../widgets/query-state.tsx';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { ExportMenu } from '../../../widgets/export-menu.tsx';
import { formatDate } from '../../../shared/format.ts';
import type { AppLocale } from '../../../shared/i18n.ts';
import { AuditChanges } from './audit-changes.tsx';
import { auditActorsQuery, auditQuery, exportAudit, type AuditFilters } from './auditoria-api.ts';

/** docs/product.md §1 administration: the audit log of administrative changes, with filters and export (admins). */
export function AuditoriaPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const audit = useQuery(auditQuery(filters));
  const actors = useQuery(auditActorsQuery());
  const change = (patch: Partial<AuditFilters>) => setFilters({ ...filters, ...patch, page: 1 });
  const activeCount = [filters.entity, filters.action, filters.user_id, filters.from, filters.to].filter(
    Boolean,
  ).length;
  const when = (iso: string) => formatDate(iso, i18n.language as AppLocale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack gap="4">
      <FilterBar
        activeCount={activeCount}
        onClear={() => setFilters({ page: 1 })}
        actions={<ExportMenu download={(format) => exportAudit(format, filters)} baseName="auditoria" />}
      >
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="3" w="full">
          <SelectField
            label={t('config_ui.audit.entity')}
            value={filters.entity ?? ''}
            onChange={(v) => change({ entity: (v || undefined) as AuditEntity | undefined })}
            placeholder={t('config_ui.all')}
            options={AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`config_api.audit.entities.${e}`) }))}
            testId="audit-entity"
          />
          <SelectField
            label={t('config_ui.audit.action')}
            value={filters.action ?? ''}
            onChange={(v) => change({ action: (v || undefined) as AuditAction | undefined })}
            placeholder={t('config_ui.all')}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`config_api.audit.actions.${a}`) }))}
          />
          <SelectField
            label={t('config_ui.audit.user')}
            value={filters.user_id ? String(filters.user_id) : ''}
            onChange={(v) => change({ user_id: v ? Number(v) : undefined })}
            placeholder={t('config_ui.all')}
            options={(actors.data ?? []).map((u) => ({ value: String(u.id), label: u.full_name }))}
          />
          <Field.Root>
            <Field.Label>{t('config_ui.audit.from')}</Field.Label>
            <Input
              type="date"
              value={filters.from ?? ''}
              onChange={(e) => change({ from: e.target.value || undefined })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('config_ui.audit.to')}</Field.Label>
            <Input type="date" value={filters.to ?? ''} onChange={(e) => change({ to: e.target.value || undefined })} />
          </Field.Root>
        </SimpleGrid>
      </FilterBar>
      <QueryState query={audit}>
        {(page) =>
          page.data.length ? (
            <Stack gap="2">
              {/* Focusable, so a keyboard can scroll a wide trail (the rows hold nothing else to focus). */}
              <Table.ScrollArea tabIndex={0} aria-label={t('routes.config.auditoria.title')}>
                <Table.Root size="sm" data-testid="audit-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('config_ui.audit.when')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.audit.user')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.audit.entity')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.audit.action')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('config_ui.audit.changes')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {page.data.map((r) => (
                      <Table.Row key={r.id} data-testid="audit-row" verticalAlign="top">
                        <Table.Cell whiteSpace="nowrap">{when(r.created_at)}</Table.Cell>
                        <Table.Cell>{r.user?.full_name ?? t('config_api.audit.system')}</Table.Cell>
                        <Table.Cell>
                          {t(`config_api.audit.entities.${r.entity}`)}
                          {r.entity_id ? <Text color="fg.muted">#{r.entity_id}</Text> : null}
                        </Table.Cell>
                        <Table.Cell>{t(`config_api.audit.actions.${r.action}`)}</Table.Cell>
                        <Table.Cell minW="240px">
                          <AuditChanges changes={r.changes} />
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
            <Text color="fg.muted">{t('config_ui.audit.empty')}</Text>
          )
        }
      </QueryState>
    </Stack>
  );
}

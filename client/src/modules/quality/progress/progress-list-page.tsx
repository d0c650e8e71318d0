import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, HStack, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronsDownUp, ChevronsUpDown, FileUp, ListPlus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QUALITY_EDIT } from '#domain/quality';
import type { ActivityRow } from '#domain/quality-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { ExportMenu } from '../../../widgets/export-menu.tsx';
import { FilterBar } from '../../../widgets/filter-bar.tsx';
import { MultiSelectFilter } from '../../../widgets/multi-select-filter.tsx';
import { ProjectSelect } from '../../../widgets/project-select.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { activityListQuery, exportActivities, useDeleteActivity, useMoveActivity } from '../api/activities.ts';
import { attributesQuery } from '../api/attributes.ts';
import { useQualityLive } from '../api/live-sync.ts';
import { ImportWizard } from '../import/import-wizard.tsx';
import { ActivityTable } from './activity-table.tsx';
import { buildActivityTree, moveTarget, parentIds, toggled, visibleLines, type MoveKind } from './activity-tree.ts';
import { BulkCreateDialog } from './bulk-create-dialog.tsx';
import { CreateActivityDialog } from './create-activity-dialog.tsx';
import { HistoryDrawer } from './history-drawer.tsx';
import {
  activityParamsOf,
  isFiltered,
  selectedValues,
  valuesOfAttribute,
  withAttributeValues,
  withParam,
} from './list-filters.ts';
import type { RowAction } from './row-menu.tsx';
import { useInlineEdit } from './use-inline-edit.ts';
import { useProgressProject } from './use-progress-project.ts';

/** Which dialog is open, and for which activity (null parent: a root). */
type Dialog =
  | { kind: 'create' | 'bulk'; parent: ActivityRow | null }
  | { kind: 'delete' | 'history'; row: ActivityRow }
  | { kind: 'import' }
  | null;

/**
 * /quality/construction-progress/list (docs/product.md §2 construction progress): a project's activity tree, edited in
 * place, filtered by attribute values and text in the URL, with bulk creation, moves, history, export and import.
 * Without calidad_editar it reads only.
 */
export function ProgressListPage() {
  const { t } = useTranslation();
  const { projectId, projects, setProject } = useProgressProject();
  useQualityLive(projectId);
  return (
    <Stack gap="3" data-testid="progress-list-page">
      <Box maxW={{ sm: '80' }}>
        <ProjectSelect
          projects={projects}
          value={projectId}
          onChange={setProject}
          label={t('quality_ui.progress.project')}
          data-testid="progress-project"
        />
      </Box>
      {projectId === null ? (
        <Alert.Root status="info" data-testid="progress-pick-project">
          <Alert.Indicator />
          <Alert.Title>{t('quality_ui.progress.pick_project')}</Alert.Title>
        </Alert.Root>
      ) : (
        // Keyed by project: the tree's collapsed rows and open dialogs belong to the project they were opened in.
        <ProjectActivities key={projectId} projectId={projectId} />
      )}
    </Stack>
  );
}

function ProjectActivities({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const canEdit = useCan(QUALITY_EDIT);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => activityParamsOf(search), [search]);
  const filtered = isFiltered(params);
  const list = useQuery(activityListQuery(projectId, params));
  const attributes = useQuery(attributesQuery());
  const attributeList = useMemo(() => attributes.data ?? [], [attributes.data]);
  const rows = list.data?.data;
  const tree = useMemo(() => buildActivityTree(rows ?? []), [rows]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const lines = useMemo(() => visibleLines(tree, collapsed), [tree, collapsed]);
  const edit = useInlineEdit(projectId);
  const move = useMoveActivity(projectId);
  const remove = useDeleteActivity(projectId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const chosen = selectedValues(params);
  const label = (k: string, o?: Record<string, unknown>) => t(`quality_ui.progress.${k}`, o);
  const byId = useMemo(() => new Map((rows ?? []).map((r) => [r.id, r])), [rows]);
  const descriptionOf = useCallback((id: number) => byId.get(id)?.description, [byId]);

  const onToggle = useCallback((id: number) => setCollapsed((c) => toggled(c, id)), []);
  const onAction = useCallback(
    (action: RowAction, row: ActivityRow) => {
      if (action === 'add_child') return setDialog({ kind: 'create', parent: row });
      if (action === 'bulk_child') return setDialog({ kind: 'bulk', parent: row });
      if (action === 'history' || action === 'delete') return setDialog({ kind: action, row });
      const target = moveTarget(tree, row.id, action as MoveKind);
      if (!target) return;
      // A row moved under a collapsed parent would vanish from sight: its new parent opens.
      if (target.parent_id !== null)
        setCollapsed((c) => (c.has(target.parent_id!) ? toggled(c, target.parent_id!) : c));
      move.mutate({ id: row.id, body: target });
    },
    [tree, move],
  );

  // On a phone the search box keeps the filter bar's row; export and import join the create buttons below.
  const isPhone = useBreakpointValue({ base: true, sm: false }, { ssr: false }) ?? false;
  const fileActions = (
    <HStack gap="2" wrap="wrap">
      <ExportMenu
        download={(format) => exportActivities(projectId, format, params)}
        baseName="actividades"
        disabled={!list.data?.total}
        testId="progress-export"
      />
      {canEdit ? (
        <Button variant="outline" onClick={() => setDialog({ kind: 'import' })} data-testid="progress-import" minH="11">
          <FileUp size={16} aria-hidden="true" />
          {label('import')}
        </Button>
      ) : null}
    </HStack>
  );

  const deleting = dialog?.kind === 'delete' ? dialog.row : null;
  const deletingCount = deleting ? (tree.descendants.get(deleting.id) ?? 0) : 0;
  const activeCount =
    chosen.length > 0 ? attributeList.filter((a) => valuesOfAttribute(a, chosen).length > 0).length : 0;

  return (
    <Stack gap="3">
      <FilterBar
        search={params.q ?? ''}
        onSearchChange={(q) => setSearch(withParam(search, 'q', q), { replace: true })}
        searchPlaceholder={label('search')}
        activeCount={activeCount}
        onClear={() => setSearch(withParam(withParam(search, 'q', ''), 'values', ''), { replace: true })}
        actions={isPhone ? undefined : fileActions}
      >
        {attributeList
          .filter((a) => a.values.length > 0)
          .map((attribute) => (
            <Box key={attribute.id} data-testid={`attribute-filter-${attribute.id}`}>
              <MultiSelectFilter
                label={attribute.name}
                options={attribute.values.map((v) => ({ value: String(v.id), label: v.name }))}
                value={valuesOfAttribute(attribute, chosen)}
                onChange={(picked) => setSearch(withAttributeValues(search, attribute, picked), { replace: true })}
              />
            </Box>
          ))}
      </FilterBar>

      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="1" wrap="wrap">
          <Text textStyle="sm" color="fg.muted" me="2" data-testid="progress-count">
            {label('count', { count: list.data?.total ?? 0 })}
          </Text>
          {/* Icons only on a phone (the name stays in aria-label), so the count and both fit on one line. */}
          <Button
            size="xs"
            variant="ghost"
            onClick={() => setCollapsed(new Set())}
            aria-label={label('expand_all')}
            data-testid="expand-all"
          >
            <ChevronsUpDown size={14} aria-hidden="true" />
            <Box as="span" hideBelow="sm">
              {label('expand_all')}
            </Box>
          </Button>
          <Button
            size="xs"
            variant="ghost"
            onClick={() => setCollapsed(parentIds(tree))}
            aria-label={label('collapse_all')}
            data-testid="collapse-all"
          >
            <ChevronsDownUp size={14} aria-hidden="true" />
            <Box as="span" hideBelow="sm">
              {label('collapse_all')}
            </Box>
          </Button>
        </HStack>
        {canEdit || isPhone ? (
          <HStack gap="2" wrap="wrap">
            {canEdit ? (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setDialog({ kind: 'bulk', parent: null })}
                  data-testid="progress-bulk"
                >
                  <ListPlus size={16} aria-hidden="true" />
                  {label('actions.bulk')}
                </Button>
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() => setDialog({ kind: 'create', parent: null })}
                  data-testid="progress-create"
                >
                  <Plus size={16} aria-hidden="true" />
                  {label('actions.create')}
                </Button>
              </>
            ) : null}
            {isPhone ? fileActions : null}
          </HStack>
        ) : null}
      </HStack>

      {!canEdit ? (
        <Text textStyle="xs" color="fg.muted" data-testid="progress-read-only">
          {label('read_only')}
        </Text>
      ) : null}
      {filtered && canEdit ? (
        <Text textStyle="xs" color="fg.muted">
          {label('moves_need_all')}
        </Text>
      ) : null}

      <QueryState query={list} minH="40vh">
        {(data) =>
          data.data.length === 0 ? (
            <Alert.Root status="info" data-testid="progress-empty">
              <Alert.Indicator />
              <Alert.Title>{label(filtered ? 'empty_filtered' : canEdit ? 'empty' : 'empty_read_only')}</Alert.Title>
            </Alert.Root>
          ) : (
            <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
              <ActivityTable
                lines={lines}
                tree={tree}
                attributes={attributeList}
                canEdit={canEdit}
                canMove={canEdit && !filtered}
                errors={edit.errors}
                onCommit={edit.commit}
                onCancel={edit.cancel}
                onToggle={onToggle}
                onAction={onAction}
              />
            </Box>
          )
        }
      </QueryState>

      <CreateActivityDialog
        projectId={projectId}
        parent={dialog?.kind === 'create' ? dialog.parent : null}
        open={dialog?.kind === 'create'}
        onClose={() => setDialog(null)}
      />
      <BulkCreateDialog
        projectId={projectId}
        parent={dialog?.kind === 'bulk' ? dialog.parent : null}
        open={dialog?.kind === 'bulk'}
        onClose={() => setDialog(null)}
      />
      <HistoryDrawer
        activity={dialog?.kind === 'history' ? dialog.row : null}
        attributes={attributeList}
        descriptionOf={descriptionOf}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={label('delete.title')}
        body={
          deleting
            ? filtered
              ? label('delete.body_filtered', { description: deleting.description })
              : label('delete.body', { description: deleting.description, count: deletingCount })
            : ''
        }
        confirmLabel={label('delete.confirm')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDialog(null) })}
        onClose={() => setDialog(null)}
        testId="delete-activity-dialog"
      />
      {canEdit ? (
        <ImportWizard projectId={projectId} open={dialog?.kind === 'import'} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}

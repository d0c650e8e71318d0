import { Box, Button, Flex, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cboxFolderPath, holdsLevel } from '#domain/cbox';
import type { CboxCrumb, CboxFolderDetail } from '#domain/cbox-responses';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { cboxFolderQuery, cboxSummaryQuery } from '../api/explorer-api.ts';
import { useCboxFolderLive } from '../api/live-sync.ts';
import { TrashView } from '../trash/trash-view.tsx';
import { CboxUploads } from '../uploads/index.ts';
import { CboxBreadcrumbs } from './breadcrumbs.tsx';
import { ExplorerContent } from './explorer-content.tsx';
import { useExplorerDialogs } from './explorer-dialogs.tsx';
import { TRASH_VIEW, useExplorerState } from './explorer-params.ts';
import { ExplorerToolbar } from './explorer-toolbar.tsx';
import { useGridMode } from './grid-mode.ts';
import { QuotaBar } from './quota-bar.tsx';

/**
 * /cbox/folders/{folderId?}/{fileId?} (docs/product.md §2 Cbox): the library's explorer, its trash (?vista=papelera)
 * and, when the path names a file, that file's preview.
 */
export function ExplorerPage() {
  const { t } = useTranslation();
  const state = useExplorerState();
  useCboxFolderLive(state.folderId);
  const trash = state.view === 'trash';
  return (
    <Stack gap="4">
      <PageHeader title={t('cbox_ui.explorer.title')} actions={<QuotaBar />} />
      <Flex as="nav" gap="1" aria-label={t('cbox_ui.explorer.views')} borderBottomWidth="1px">
        <ViewLink to={cboxFolderPath(state.folderId)} current={!trash} testId="cbox-tab-library">
          {t('cbox_ui.explorer.root')}
        </ViewLink>
        <ViewLink to={`${cboxFolderPath(state.folderId)}?vista=${TRASH_VIEW}`} current={trash} testId="cbox-tab-trash">
          {t('cbox_ui.trash.title')}
        </ViewLink>
      </Flex>
      {trash ? <TrashView page={state.params.page} onPage={(page) => state.update({ page })} /> : <Library />}
    </Stack>
  );
}

function ViewLink({
  to,
  current,
  testId,
  children,
}: {
  to: string;
  current: boolean;
  testId: string;
  children: string;
}) {
  return (
    <Button
      asChild
      variant="ghost"
      borderRadius="0"
      borderBottomWidth="2px"
      borderBottomColor={current ? 'brand.solid' : 'transparent'}
      fontWeight={current ? 'semibold' : 'normal'}
    >
      <Link to={to} aria-current={current ? 'page' : undefined} data-testid={testId}>
        {children}
      </Link>
    </Button>
  );
}

/** The open folder (or the root): its trail, what the caller may do in it, and its content. */
function Library() {
  const state = useExplorerState();
  const folder = useQuery({ ...cboxFolderQuery(state.folderId ?? 0), enabled: state.folderId !== null });
  if (state.folderId === null) return <LibraryBody state={state} detail={null} />;
  return <QueryState query={folder}>{(detail) => <LibraryBody state={state} detail={detail} />}</QueryState>;
}

function LibraryBody({
  state,
  detail,
}: {
  state: ReturnType<typeof useExplorerState>;
  detail: CboxFolderDetail | null;
}) {
  const summary = useQuery(cboxSummaryQuery);
  const [grid, setGrid] = useGridMode();
  const dialogs = useExplorerDialogs(state.folderId);
  // At the root anyone may make a folder when the summary says so; only administrators upload there (docs/api.md).
  const canEdit = detail ? holdsLevel(detail.folder.levels, 'can-edit') : Boolean(summary.data?.can_create_root);
  const canUpload = detail ? canEdit : Boolean(summary.data?.is_admin);
  const trail: CboxCrumb[] = detail ? [...detail.trail, { id: detail.folder.id, name: detail.folder.name }] : [];
  const lastCrumbIsFolder = detail && detail.trail.at(-1)?.id === detail.folder.id;
  // The uploads' drop zone wraps the whole library: <UploadButton/> (in the toolbar) takes its pickers from it.
  return (
    <CboxUploads folderId={state.folderId} canUpload={canUpload}>
      <Stack gap="3">
        <ExplorerToolbar
          state={state}
          canCreate={canEdit}
          grid={grid}
          onGrid={setGrid}
          onNewFolder={() => dialogs.run('create', [])}
        />
        {state.q ? null : (
          <CboxBreadcrumbs trail={lastCrumbIsFolder ? detail.trail : trail} onMoveInto={dialogs.moveInto} />
        )}
        <Box minH="12rem">
          <ExplorerContent state={state} grid={grid} dialogs={dialogs} />
        </Box>
        {dialogs.dialogs}
      </Stack>
    </CboxUploads>
  );
}

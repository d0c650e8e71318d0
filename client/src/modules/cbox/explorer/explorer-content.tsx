import { useMemo } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FolderOpen, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { cboxFolderPath } from '#domain/cbox';
import type { CboxCrumb, CboxFileItem, CboxItem, CboxListing, CboxSearchHit } from '#domain/cbox-responses';
import type { ListEnvelope } from '../../../api/data.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { TablePagination } from '../../../widgets/table-pagination.tsx';
import { cboxListingQuery, cboxSearchQuery } from '../api/explorer-api.ts';
import { CboxPreviewDialog } from '../preview/index.ts';
import { BulkBar } from './bulk-bar.tsx';
import type { useExplorerDialogs } from './explorer-dialogs.tsx';
import type { useExplorerState } from './explorer-params.ts';
import { actionsOf, everyAllows } from './item-actions.ts';
import { ItemGrid, ItemTable } from './item-views.tsx';
import { refKey, useSelection } from './selection.ts';

type Props = {
  state: ReturnType<typeof useExplorerState>;
  grid: boolean;
  dialogs: ReturnType<typeof useExplorerDialogs>;
};

/** One page of items as the view shows them, with where each is when they come from a search. */
type Page = { items: CboxItem[]; trails?: Map<string, CboxCrumb[]>; total: number; rowsPerPage: number };

// Module-level, so the pages are derived once per answer rather than on every render.
const listingPage = (answer: CboxListing): Page => ({
  items: answer.data,
  total: answer.total,
  rowsPerPage: answer.rowsPerPage,
});
const searchPage = (answer: ListEnvelope<CboxSearchHit>): Page => ({
  items: answer.data.map((h) => h.item),
  trails: new Map(answer.data.map((h) => [refKey(h.item), h.trail])),
  total: answer.total,
  rowsPerPage: answer.rowsPerPage,
});

/** The listing of the open folder, or the search across the library while there is a query; its preview. */
export function ExplorerContent({ state, grid, dialogs }: Props) {
  const listing = useQuery({
    ...cboxListingQuery(state.folderId, state.params),
    enabled: !state.q,
    select: listingPage,
  });
  const search = useQuery({
    ...cboxSearchQuery(state.q, state.params),
    enabled: Boolean(state.q),
    select: searchPage,
  });
  return (
    <QueryState query={state.q ? search : listing}>
      {(page) => <ItemsPage page={page} state={state} grid={grid} dialogs={dialogs} />}
    </QueryState>
  );
}

function ItemsPage({ page, state, grid, dialogs }: Props & { page: Page }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const selection = useSelection(page.items);
  const selectedItems = page.items.filter((i) => selection.isSelected(i));
  const siblings = useMemo(() => page.items.filter((i): i is CboxFileItem => i.kind === 'file'), [page.items]);

  const openFolder = (id: number) => {
    const keep = new URLSearchParams(search);
    for (const key of ['q', 'page', 'vista']) keep.delete(key);
    const rest = keep.toString();
    void navigate(`${cboxFolderPath(id)}${rest ? `?${rest}` : ''}`);
  };
  const openFile = (file: { id: number; folder_id: number | null }) =>
    void navigate(`${cboxFolderPath(state.q ? file.folder_id : state.folderId, file.id)}${search}`);
  const open = (item: CboxItem) => (item.kind === 'folder' ? openFolder(item.id) : openFile(item));
  const deleteFrom = (item: CboxItem) => {
    const targets = selection.isSelected(item) ? selectedItems : [item];
    if (everyAllows(targets, 'delete')) dialogs.run('delete', targets);
  };

  const preview = state.fileId ? (
    <CboxPreviewDialog
      fileId={state.fileId}
      siblings={siblings}
      onNavigate={(id) => openFile(siblings.find((f) => f.id === id) ?? { id, folder_id: state.folderId })}
      onClose={() => void navigate(`${cboxFolderPath(state.folderId)}${search}`)}
    />
  ) : null;

  if (!page.items.length)
    return (
      <Stack align="center" py="12" gap="2" color="fg.muted" data-testid="cbox-empty">
        {state.q ? <SearchX size={40} aria-hidden="true" /> : <FolderOpen size={40} aria-hidden="true" />}
        <Text fontWeight="medium">{t(state.q ? 'cbox_ui.explorer.no_results' : 'cbox_ui.explorer.empty')}</Text>
        <Text textStyle="sm">{t(state.q ? 'cbox_ui.explorer.no_results_hint' : 'cbox_ui.explorer.empty_hint')}</Text>
        {preview}
      </Stack>
    );

  const viewProps = {
    items: page.items,
    selection,
    trails: page.trails,
    onOpen: open,
    onAction: (item: CboxItem, action: ReturnType<typeof actionsOf>[number]) =>
      action === 'open' ? open(item) : dialogs.run(action, [item]),
    onMoveInto: (folderId: number, refs: { kind: 'folder' | 'file'; id: number }[]) => dialogs.moveInto(folderId, refs),
    onDeleteKey: deleteFrom,
  };

  return (
    <Stack gap="3">
      <BulkBar
        items={selectedItems}
        onMove={() => dialogs.run('move', selectedItems)}
        onDelete={() => dialogs.run('delete', selectedItems)}
        onClear={selection.clear}
      />
      {grid ? <ItemGrid {...viewProps} /> : <ItemTable {...viewProps} />}
      <Box>
        <TablePagination
          page={state.params.page}
          total={page.total}
          rowsPerPage={page.rowsPerPage}
          onPageChange={(p) => state.update({ page: p })}
        />
      </Box>
      {preview}
    </Stack>
  );
}

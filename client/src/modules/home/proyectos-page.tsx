import { Box, Grid, HStack, IconButton, Group, Skeleton, Stack, Text, EmptyState } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, List, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '#domain/limits';
import { formatNumber } from '../../shared/format.ts';
import { PageHeader } from '../../shared/layout/page-states.tsx';
import { session, useSession, type GridMode } from '../../shared/session/session-store.ts';
import { usePageClamp } from '../../widgets/list-paging.ts';
import { SearchInput } from '../../widgets/search-input.tsx';
import { TablePagination } from '../../widgets/table-pagination.tsx';
import { projectsQuery } from './home-api.ts';
import { ProjectCards, ProjectTable } from './project-views.tsx';
import { TasksPanel } from './tasks-panel.tsx';
import { useOpenProject } from './open-project.ts';

const VIEWS: { mode: GridMode; icon: typeof List; labelKey: string }[] = [
  { mode: 'list', icon: List, labelKey: 'home.view.list' },
  { mode: 'grid', icon: LayoutGrid, labelKey: 'home.view.grid' },
];

/** List or card view, kept in grid_mode (docs/product.md §3). */
export function ViewToggle() {
  const { t } = useTranslation();
  const gridMode = useSession((s) => s.gridMode);
  return (
    <Group attached role="group" aria-label={t('home.view.label')}>
      {VIEWS.map(({ mode, icon: Icon, labelKey }) => (
        <IconButton
          key={mode}
          size="sm"
          variant={gridMode === mode ? 'solid' : 'outline'}
          colorPalette={gridMode === mode ? 'brand' : 'gray'}
          aria-label={t(labelKey)}
          aria-pressed={gridMode === mode}
          onClick={() => session.setGridMode(mode)}
          data-testid={`view-${mode}`}
        >
          <Icon />
        </IconButton>
      ))}
    </Group>
  );
}

function LoadingRows({ gridMode }: { gridMode: GridMode }) {
  return gridMode === 'grid' ? (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', '2xl': 'repeat(3, 1fr)' }} gap="4">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} h="64" borderRadius="md" />
      ))}
    </Grid>
  ) : (
    <Stack gap="2">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} h="12" />
      ))}
    </Stack>
  );
}

/** /home/proyectos: the user's projects with search and pagination, and the tasks panel beside. */
export function ProyectosPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gridMode = useSession((s) => s.gridMode);
  const openProject = useOpenProject();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const { data, isPending, isError, isPlaceholderData } = useQuery(
    projectsQuery({ page, rowsPerPage: PAGE_SIZE_DEFAULT, search }),
  );

  const setQuery = (next: { page?: number; search?: string }) => {
    const p = new URLSearchParams(params);
    const s = next.search ?? search;
    if (s) p.set('search', s);
    else p.delete('search');
    const pg = next.page ?? 1;
    if (pg > 1) p.set('page', String(pg));
    else p.delete('page');
    setParams(p, { replace: true });
  };
  // ?page= beyond the last page moves to the last page that exists (replacing the URL entry).
  const clamping = usePageClamp({
    page,
    total: data?.total,
    rowsPerPage: PAGE_SIZE_DEFAULT,
    isPlaceholderData,
    onPageChange: (p) => setQuery({ page: p }),
  });

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 20rem' }} gap="6" alignItems="start">
      <Box minW="0">
        <PageHeader
          title={t('routes.home.proyectos.title')}
          subtitle={
            data ? t('home.projects.count', { count: data.total, formatted: formatNumber(data.total) }) : '\u00a0'
          }
        />
        <HStack gap="3" mb="4">
          <SearchInput
            value={search}
            onChange={(s) => setQuery({ search: s, page: 1 })}
            placeholder={t('home.projects.search')}
          />
          <ViewToggle />
        </HStack>
        <Box
          aria-busy={isPending || isPlaceholderData || clamping}
          opacity={isPlaceholderData ? 0.7 : 1}
          transition="opacity 0.15s"
        >
          {isPending || clamping ? (
            <LoadingRows gridMode={gridMode} />
          ) : isError ? (
            <Text color="fg.muted">{t('home.projects.error')}</Text>
          ) : data.data.length === 0 ? (
            <EmptyState.Root data-testid="projects-empty">
              <EmptyState.Content>
                <EmptyState.Indicator>
                  <SearchX />
                </EmptyState.Indicator>
                <EmptyState.Title>{t(search ? 'home.projects.no_results' : 'home.projects.none')}</EmptyState.Title>
              </EmptyState.Content>
            </EmptyState.Root>
          ) : gridMode === 'grid' ? (
            <ProjectCards projects={data.data} onOpen={openProject} />
          ) : (
            <ProjectTable projects={data.data} onOpen={openProject} />
          )}
        </Box>
        {data && data.total > 0 ? (
          <TablePagination
            page={data.current_page}
            total={data.total}
            rowsPerPage={data.rowsPerPage}
            onPageChange={(p) => setQuery({ page: p })}
          />
        ) : null}
      </Box>
      <Box display={{ base: 'none', xl: 'block' }} position="sticky" top="20">
        <TasksPanel />
      </Box>
    </Grid>
  );
}

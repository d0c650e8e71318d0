import { Box, ButtonGroup, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT } from '#domain/limits';
import { formatNumber } from '../shared/format.ts';
import { pageCountOf } from './list-paging.ts';

export type TablePaginationProps = {
  page: number;
  total: number;
  rowsPerPage?: number;
  onPageChange: (page: number) => void;
  rowsPerPageOptions?: number[];
  onRowsPerPageChange?: (rows: number) => void;
  isDisabled?: boolean;
};

/** Page numbers around the current one: at most five, the window sliding with the page. */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(page - half, pageCount - size + 1));
  const end = Math.min(pageCount, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** docs/product.md §2: boundary (first and last page) buttons only when there are more than 2 pages. */
export function TablePagination({
  page,
  total,
  rowsPerPage = PAGE_SIZE_DEFAULT,
  onPageChange,
  rowsPerPageOptions,
  onRowsPerPageChange,
  isDisabled,
}: TablePaginationProps) {
  const { t } = useTranslation();
  const pageCount = pageCountOf(total, rowsPerPage);
  const current = Math.min(Math.max(1, page), pageCount);
  const showBoundaries = pageCount > 2;
  const from = total === 0 ? 0 : (current - 1) * rowsPerPage + 1;
  const to = Math.min(total, current * rowsPerPage);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= pageCount) onPageChange(p);
  };

  return (
    <HStack
      as="nav"
      aria-label={t('app.pagination.label')}
      justify="space-between"
      gap="3"
      wrap="wrap"
      py="3"
      data-testid="table-pagination"
    >
      <HStack gap="3">
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {t('app.pagination.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
        </Text>
        {rowsPerPageOptions && onRowsPerPageChange ? (
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              aria-label={t('app.pagination.rows_per_page')}
              value={rowsPerPage}
              onChange={(e) => onRowsPerPageChange(Number(e.currentTarget.value))}
            >
              {rowsPerPageOptions.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
      </HStack>
      <ButtonGroup size="sm" variant="ghost" gap="1">
        {showBoundaries ? (
          <IconButton
            aria-label={t('app.pagination.first')}
            onClick={() => go(1)}
            disabled={isDisabled || current === 1}
          >
            <ChevronsLeft />
          </IconButton>
        ) : null}
        <IconButton
          aria-label={t('app.pagination.previous')}
          onClick={() => go(current - 1)}
          disabled={isDisabled || current === 1}
        >
          <ChevronLeft />
        </IconButton>
        <Box display={{ base: 'none', sm: 'contents' }}>
          {pageWindow(current, pageCount).map((p) => (
            <IconButton
              key={p}
              variant={p === current ? 'solid' : 'ghost'}
              colorPalette={p === current ? 'brand' : 'gray'}
              aria-label={t('app.pagination.page', { page: p })}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => go(p)}
            >
              {p}
            </IconButton>
          ))}
        </Box>
        <Text display={{ base: 'block', sm: 'none' }} textStyle="sm" px="1">
          {t('app.pagination.page_of', { page: current, pages: pageCount })}
        </Text>
        <IconButton
          aria-label={t('app.pagination.next')}
          onClick={() => go(current + 1)}
          disabled={isDisabled || current === pageCount}
        >
          <ChevronRight />
        </IconButton>
        {showBoundaries ? (
          <IconButton
            aria-label={t('app.pagination.last')}
            onClick={() => go(pageCount)}
            disabled={isDisabled || current === pageCount}
          >
            <ChevronsRight />
          </IconButton>
        ) : null}
      </ButtonGroup>
    </HStack>
  );
}

import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Box, Button, Drawer, Flex, Portal, Stack, useBreakpointValue } from '@chakra-ui/react';
import { CloseButton } from './close-button.tsx';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '#domain/limits';
import { SearchInput } from './search-input.tsx';

export type FilterBarProps = {
  /** The applied search text; the box follows it when it changes from outside (e.g. cleared). */
  search?: string;
  /** Receives the trimmed search text 750 ms after the last keystroke (docs/product.md §9), at once on Enter. Omit to hide the box. */
  onSearchChange?: (value: string) => void;
  searchPlaceholder?: string;
  /** How many filters are applied; shown on the bottom-sheet button and enables "clear". */
  activeCount?: number;
  /** Resets every filter; the bar also empties its search box. */
  onClear?: () => void;
  /** The filter controls (multi-select filters, date filter, sort selector…). */
  children?: ReactNode;
  /** Always-visible actions at the end of the bar (export, create…). */
  actions?: ReactNode;
  /** Forces the layout; by default the bar is a bottom sheet under the 'sm' breakpoint (docs/product.md §2). */
  mobile?: boolean;
};

/** docs/product.md §2: the filter bar, which becomes a bottom sheet on extra-small screens. */
export function FilterBar({
  search = '',
  onSearchChange,
  searchPlaceholder,
  activeCount = 0,
  onClear,
  children,
  actions,
  mobile,
}: FilterBarProps) {
  const { t } = useTranslation();
  const isSmallScreen = useBreakpointValue({ base: true, sm: false }, { ssr: false }) ?? false;
  const isSheet = mobile ?? isSmallScreen;
  const [open, setOpen] = useState(false);
  // Remounting the search box on "clear" drops both its text and any keystrokes still waiting out the debounce.
  const [searchGeneration, setSearchGeneration] = useState(0);

  const canClear = Boolean(onClear) && (activeCount > 0 || search.trim() !== '');
  function clear() {
    setSearchGeneration((n) => n + 1);
    onClear?.();
  }

  const searchBox = onSearchChange && (
    <Box flex="1" minW={{ base: '0', sm: '200px' }} maxW={{ sm: '320px' }} display="flex">
      <SearchInput
        key={searchGeneration}
        value={search}
        onChange={onSearchChange}
        delay={SEARCH_DEBOUNCE_MS}
        placeholder={searchPlaceholder ?? t('widgets.filter_bar.search_placeholder')}
        label={t('widgets.filter_bar.search_label')}
      />
    </Box>
  );

  const clearButton = canClear && (
    <Button variant="ghost" size="sm" onClick={clear}>
      {t('widgets.filter_bar.clear')}
    </Button>
  );

  if (!isSheet) {
    return (
      <Flex role="search" wrap="wrap" align="center" gap="2" py="2">
        {searchBox}
        {children}
        {clearButton}
        {actions && <Box ms="auto">{actions}</Box>}
      </Flex>
    );
  }

  return (
    <Flex role="search" align="center" gap="2" py="2">
      {searchBox}
      {children && (
        <Drawer.Root placement="bottom" open={open} onOpenChange={(e) => setOpen(e.open)}>
          <Drawer.Trigger asChild>
            <Button
              variant="outline"
              size="md"
              flexShrink={0}
              aria-label={
                activeCount > 0 ? t('widgets.filter_bar.filters_with_count', { count: activeCount }) : undefined
              }
            >
              <SlidersHorizontal size={16} aria-hidden="true" />
              {t('widgets.filter_bar.filters')}
              {activeCount > 0 && (
                <Badge colorPalette="brand" variant="solid" aria-hidden="true">
                  {activeCount}
                </Badge>
              )}
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content roundedTop="l3" maxH="85dvh">
                <Drawer.Header>
                  <Drawer.Title>{t('widgets.filter_bar.filters')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <Stack gap="3" align="stretch">
                    {children}
                  </Stack>
                </Drawer.Body>
                <Drawer.Footer>
                  {clearButton}
                  <Button colorPalette="brand" onClick={() => setOpen(false)}>
                    {t('widgets.filter_bar.close')}
                  </Button>
                </Drawer.Footer>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('widgets.filter_bar.close_sheet')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      {actions}
    </Flex>
  );
}

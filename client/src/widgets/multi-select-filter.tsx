import { useId, useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Checkmark,
  Flex,
  Input,
  Popover,
  Portal,
  Spinner,
  Text,
  VisuallyHidden,
  chakra,
} from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  BULK_SELECTION_MAX,
  FILTER_DROPDOWN_MIN_WIDTH,
  FILTER_LIST_DEBOUNCE_MS,
  FILTER_LIST_MAX_HEIGHT,
  FILTER_LIST_ROW_HEIGHT,
} from '#domain/limits';
import { matchesTerm } from './text-match.ts';
import { useDebouncedCallback } from './use-debounced-callback.ts';

export type FilterOption = { value: string; label: string };

/** Rows rendered at once; beyond this the user narrows the list by searching (keeps long lists fast). */
export const MULTI_SELECT_RENDER_CAP = 100;

export type MultiSelectFilterProps = {
  label: string;
  options: FilterOption[];
  value: string[];
  onChange: (value: string[]) => void;
  /** Server-side search: gets the trimmed term 250 ms after the last keystroke (docs/product.md §9). Without it the list filters itself. */
  onSearchChange?: (term: string) => void;
  /** At most this many selected (docs/product.md §5/§9: 50). */
  max?: number;
  loading?: boolean;
  disabled?: boolean;
};

/** Toggles `option` in `selected`, refusing to go past `max`; returns the same array when refused. */
export function toggleSelection(selected: string[], option: string, max: number): string[] {
  if (selected.includes(option)) return selected.filter((v) => v !== option);
  if (selected.length >= max) return selected;
  return [...selected, option];
}

/** docs/product.md §2 generic multi-select filter: a searchable checkbox list in a dropdown, capped at 50 selected. */
export function MultiSelectFilter({
  label,
  options,
  value,
  onChange,
  onSearchChange,
  max = BULK_SELECTION_MAX,
  loading,
  disabled,
}: MultiSelectFilterProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [term, setTerm] = useState('');
  const [appliedTerm, setAppliedTerm] = useState('');
  const applyTerm = useDebouncedCallback((next: string) => {
    setAppliedTerm(next);
    onSearchChange?.(next.trim());
  }, FILTER_LIST_DEBOUNCE_MS);

  const visible = useMemo(
    () => (onSearchChange ? options : options.filter((o) => matchesTerm(o.label, appliedTerm))),
    [options, appliedTerm, onSearchChange],
  );
  const shown = visible.slice(0, MULTI_SELECT_RENDER_CAP);
  const selected = new Set(value);
  const atMax = value.length >= max;

  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="md" disabled={disabled} flexShrink={0}>
          {label}
          {value.length > 0 && (
            <Badge colorPalette="brand" variant="solid">
              {value.length}
            </Badge>
          )}
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            minW={`${FILTER_DROPDOWN_MIN_WIDTH}px`}
            w={{ base: 'auto', sm: '400px' }}
            maxW="calc(100vw - 16px)"
          >
            <Popover.Body p="3" display="flex" flexDirection="column" gap="2">
              <Input
                type="search"
                size="sm"
                value={term}
                aria-label={t('widgets.multi_select.search', { label })}
                placeholder={t('widgets.multi_select.search', { label })}
                aria-controls={listId}
                onChange={(e) => {
                  setTerm(e.target.value);
                  applyTerm(e.target.value);
                }}
              />
              <Flex align="center" justify="space-between" gap="2">
                <Text fontSize="sm" color="fg.muted" aria-live="polite">
                  {t('widgets.multi_select.selected_count', { count: value.length, max })}
                </Text>
                {value.length > 0 && (
                  <Button variant="ghost" size="xs" onClick={() => onChange([])}>
                    {t('widgets.multi_select.clear')}
                  </Button>
                )}
              </Flex>
              {atMax && (
                <Text role="status" fontSize="sm" color="orange.fg">
                  {t('widgets.multi_select.max_reached', { max })}
                </Text>
              )}
              <Box
                id={listId}
                role="group"
                aria-label={label}
                maxH={`${FILTER_LIST_MAX_HEIGHT}px`}
                overflowY="auto"
                aria-busy={loading || undefined}
              >
                {loading && (
                  <Flex h={`${FILTER_LIST_ROW_HEIGHT}px`} align="center" gap="2" px="2">
                    <Spinner size="sm" />
                    <Text fontSize="sm">{t('widgets.multi_select.loading')}</Text>
                  </Flex>
                )}
                {!loading && visible.length === 0 && (
                  <Text
                    h={`${FILTER_LIST_ROW_HEIGHT}px`}
                    display="flex"
                    alignItems="center"
                    px="2"
                    fontSize="sm"
                    color="fg.muted"
                  >
                    {t('widgets.multi_select.no_results')}
                  </Text>
                )}
                {shown.map((option) => {
                  const isChecked = selected.has(option.value);
                  const isLocked = !isChecked && atMax;
                  return (
                    // A native checkbox under Chakra's checkmark: hundreds of rows stay cheap, and
                    // keyboard and screen-reader behaviour come from the platform.
                    <chakra.label
                      key={option.value}
                      display="flex"
                      alignItems="center"
                      gap="2"
                      h={`${FILTER_LIST_ROW_HEIGHT}px`}
                      px="2"
                      borderRadius="l2"
                      cursor={isLocked ? 'not-allowed' : 'pointer'}
                      opacity={isLocked ? 0.5 : 1}
                      _hover={{ bg: 'bg.muted' }}
                      _focusWithin={{
                        outline: '2px solid',
                        outlineColor: 'colorPalette.focusRing',
                        outlineOffset: '-2px',
                      }}
                      colorPalette="brand"
                    >
                      <VisuallyHidden asChild>
                        <input
                          type="checkbox"
                          checked={isChecked}
                          // docs/product.md §5: bulk filters hold at most 50 records; unchecked rows lock at the cap.
                          disabled={isLocked}
                          onChange={() => onChange(toggleSelection(value, option.value, max))}
                        />
                      </VisuallyHidden>
                      <Checkmark checked={isChecked} disabled={isLocked} flexShrink={0} />
                      <Text as="span" fontSize="sm" lineClamp={2}>
                        {option.label}
                      </Text>
                    </chakra.label>
                  );
                })}
              </Box>
              {visible.length > shown.length && (
                <Text fontSize="xs" color="fg.muted">
                  {t('widgets.multi_select.more_results', { shown: shown.length, total: visible.length })}
                </Text>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

import {
  Button,
  ButtonGroup,
  Field,
  Flex,
  IconButton,
  Input,
  NativeSelect,
  Popover,
  Portal,
  Stack,
} from '@chakra-ui/react';
import { CalendarDays, FolderPlus, LayoutGrid, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CBOX_SORTS, CBOX_TYPE_FILTERS } from '#domain/cbox';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { SortSelector } from '../../../widgets/sort-selector.tsx';
import { UploadButton } from '../uploads/index.ts';
import type { useExplorerState } from './explorer-params.ts';

type Props = {
  state: ReturnType<typeof useExplorerState>;
  canCreate: boolean;
  grid: boolean;
  onGrid: (grid: boolean) => void;
  onNewFolder: () => void;
};

/** New folder, upload (inside <CboxUploads>), search, type and date filters, sort and the table/grid switch. */
export function ExplorerToolbar({ state, canCreate, grid, onGrid, onNewFolder }: Props) {
  const { t } = useTranslation();
  const { params, update } = state;
  return (
    <Flex gap="2" wrap="wrap" align="center" data-testid="cbox-toolbar">
      {canCreate ? (
        <Button colorPalette="brand" onClick={onNewFolder} data-testid="cbox-new-folder">
          <FolderPlus size={16} aria-hidden="true" />
          {t('cbox_ui.explorer.new_folder')}
        </Button>
      ) : null}
      {/* Shown by the uploads when the caller may upload here (CboxUploads' canUpload). */}
      <UploadButton />
      <Flex flex="1 1 14rem" minW="0">
        <SearchInput
          value={state.q}
          onChange={(q) => update({ q })}
          label={t('cbox_ui.explorer.search')}
          placeholder={t('cbox_ui.explorer.search_placeholder')}
          data-testid="cbox-search"
        />
      </Flex>
      <NativeSelect.Root w="auto" minW="10rem">
        <NativeSelect.Field
          aria-label={t('cbox_ui.explorer.type_filter')}
          value={params.type ?? ''}
          onChange={(e) => update({ type: e.target.value })}
          data-testid="cbox-type-filter"
        >
          <option value="">{t('cbox_ui.explorer.type.all')}</option>
          {CBOX_TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {t(`cbox_ui.explorer.type.${type}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <DateRange from={params.from} to={params.to} onChange={(from, to) => update({ from, to })} />
      <SortSelector
        fields={CBOX_SORTS.map((id) => ({ id, name: t(`cbox_ui.explorer.sort.${id}`) }))}
        value={{ sortBy: params.sort, descending: params.order === 'desc' }}
        onChange={(v) => update({ sort: v.sortBy ?? 'name', order: v.descending ? 'desc' : 'asc' })}
      />
      <ButtonGroup attached variant="outline" role="group" aria-label={t('cbox_ui.explorer.view')}>
        <IconButton
          aria-label={t('cbox_ui.explorer.view_table')}
          aria-pressed={!grid}
          variant={grid ? 'outline' : 'subtle'}
          onClick={() => onGrid(false)}
          data-testid="cbox-view-table"
        >
          <List size={18} />
        </IconButton>
        <IconButton
          aria-label={t('cbox_ui.explorer.view_grid')}
          aria-pressed={grid}
          variant={grid ? 'subtle' : 'outline'}
          onClick={() => onGrid(true)}
          data-testid="cbox-view-grid"
        >
          <LayoutGrid size={18} />
        </IconButton>
      </ButtonGroup>
    </Flex>
  );
}

/** Changed between two days (either may be open). */
function DateRange({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const active = Boolean(from || to);
  return (
    <Popover.Root lazyMount positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant={active ? 'subtle' : 'outline'} data-testid="cbox-date-filter">
          <CalendarDays size={16} aria-hidden="true" />
          {t('cbox_ui.explorer.date_filter')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="calc(100vw - 16px)">
            <Popover.Body>
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>{t('cbox_ui.explorer.date_from')}</Field.Label>
                  <Input
                    type="date"
                    value={from ?? ''}
                    max={to}
                    onChange={(e) => onChange(e.target.value || undefined, to)}
                    data-testid="cbox-date-from"
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('cbox_ui.explorer.date_to')}</Field.Label>
                  <Input
                    type="date"
                    value={to ?? ''}
                    min={from}
                    onChange={(e) => onChange(from, e.target.value || undefined)}
                    data-testid="cbox-date-to"
                  />
                </Field.Root>
                {active ? (
                  <Button size="sm" variant="ghost" onClick={() => onChange(undefined, undefined)}>
                    {t('cbox_ui.explorer.date_clear')}
                  </Button>
                ) : null}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

import { useState } from 'react';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SAVED_VIEW_PARAMS } from '#domain/saved-views';
import { savedViewsQuery, type SavedView, type SavedViewsSource } from './views-api.ts';
import { ManageViewsDialog } from './manage-views-dialog.tsx';
import { SaveViewDialog } from './save-view-dialog.tsx';

const sameParams = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** A view's parameters that its list keeps (domain/saved-views.ts SAVED_VIEW_PARAMS), nothing else. */
const kept = (source: SavedViewsSource, params: Record<string, string>) => {
  const keys: readonly string[] = SAVED_VIEW_PARAMS[source.list];
  return Object.fromEntries(Object.entries(params).filter(([k]) => keys.includes(k)));
};

/**
 * docs/product.md §2 Saved views, beside a list's filter bar: apply one of the caller's views or a shared one, save
 * the list's current filters and sort as a view, manage (rename, share, delete) the ones the caller may change.
 * `source` says which module's endpoint and query key hold the list's views (views-api.ts).
 */
export function SavedViewsMenu({
  source,
  current,
  onApply,
}: {
  source: SavedViewsSource;
  /** The list's current view parameters (its URL without the page). */
  current: Record<string, string>;
  /** Receives the chosen view's parameters (only those its list keeps): the caller sets them as the list's URL. */
  onApply: (params: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const views = useQuery(savedViewsQuery(source));
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const all = views.data ?? [];
  const active = all.find((v) => sameParams(kept(source, v.params), current));
  const mine = all.filter((v) => v.is_mine);
  const shared = all.filter((v) => !v.is_mine);
  const item = (v: SavedView) => (
    <Menu.Item key={v.id} value={`view:${v.id}`} data-testid="saved-view-item">
      {v.name}
      {v.shared && v.is_mine ? <Menu.ItemCommand>{t('widgets.saved_views.shared_tag')}</Menu.ItemCommand> : null}
    </Menu.Item>
  );
  return (
    <>
      <Menu.Root
        onSelect={(d) => {
          if (d.value === 'save' || d.value === 'manage') return setDialog(d.value);
          const view = all.find((v) => `view:${v.id}` === d.value);
          if (view) onApply(kept(source, view.params));
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="outline" data-testid="saved-views-menu" maxW="240px">
            <Bookmark size={16} aria-hidden="true" />
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {active ? active.name : t('widgets.saved_views.label')}
            </span>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="240px">
              {mine.length ? (
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{t('widgets.saved_views.mine')}</Menu.ItemGroupLabel>
                  {mine.map(item)}
                </Menu.ItemGroup>
              ) : null}
              {shared.length ? (
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{t('widgets.saved_views.shared')}</Menu.ItemGroupLabel>
                  {shared.map(item)}
                </Menu.ItemGroup>
              ) : null}
              {!all.length ? (
                <Menu.Item value="none" disabled>
                  {views.isPending ? t('widgets.saved_views.loading') : t('widgets.saved_views.empty')}
                </Menu.Item>
              ) : null}
              <Menu.Separator />
              <Menu.Item value="save" data-testid="save-view">
                {t('widgets.saved_views.save')}
              </Menu.Item>
              {all.some((v) => v.can_edit) ? (
                <Menu.Item value="manage" data-testid="manage-views">
                  {t('widgets.saved_views.manage')}
                </Menu.Item>
              ) : null}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <SaveViewDialog source={source} params={current} open={dialog === 'save'} onClose={() => setDialog(null)} />
      <ManageViewsDialog
        source={source}
        views={all.filter((v) => v.can_edit)}
        open={dialog === 'manage'}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

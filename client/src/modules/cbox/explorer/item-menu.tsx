import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { MoreVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CboxItem } from '#domain/cbox-responses';
import { fileContentUrl } from '../api/files-api.ts';
import { actionsOf, type ItemAction } from './item-actions.ts';

/** An item's menu: only what the caller's levels on it allow (docs/product.md §6); download is a plain link. */
export function ItemMenu({ item, onAction }: { item: CboxItem; onAction: (action: ItemAction) => void }) {
  const { t } = useTranslation();
  const actions = actionsOf(item);
  return (
    <Menu.Root onSelect={(d) => d.value !== 'download' && onAction(d.value as ItemAction)}>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={t('cbox_ui.explorer.actions_for', { name: item.name })}
          data-testid={`cbox-actions-${item.kind}-${item.id}`}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <MoreVertical size={18} aria-hidden="true" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {actions.map((action) =>
              action === 'download' ? (
                <Menu.Item key={action} value={action} asChild>
                  <a href={fileContentUrl(item.id)} download data-testid={`cbox-action-${action}`}>
                    {t('cbox_ui.explorer.action.download')}
                  </a>
                </Menu.Item>
              ) : (
                <Menu.Item
                  key={action}
                  value={action}
                  color={action === 'delete' ? 'fg.error' : undefined}
                  data-testid={`cbox-action-${action}`}
                >
                  {t(`cbox_ui.explorer.action.${action}`)}
                </Menu.Item>
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

import { Dialog, Portal, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { LinksPanel } from './links-panel.tsx';
import { SharesPanel } from './shares-panel.tsx';
import type { ShareTarget } from './share-target.ts';

/**
 * docs/product.md §6 sharing: a folder's or a file's shares with people and profiles (inherited ones read-only)
 * and its links for people outside the company. The whole screen on a phone.
 */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="share-dialog">
            <Dialog.Header pe="12">
              <Dialog.Title wordBreak="break-word">{t('cbox_ui.sharing.title', { name: target.name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="people" variant="line" lazyMount>
                <Tabs.List>
                  <Tabs.Trigger value="people" data-testid="share-tab-people">
                    {t('cbox_ui.sharing.tab_people')}
                  </Tabs.Trigger>
                  <Tabs.Trigger value="links" data-testid="share-tab-links">
                    {t('cbox_ui.sharing.tab_links')}
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="people">
                  <SharesPanel target={target} />
                </Tabs.Content>
                <Tabs.Content value="links">
                  <LinksPanel target={target} />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

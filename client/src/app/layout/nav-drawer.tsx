import { Drawer, Flex, Portal } from '@chakra-ui/react';
import { CloseButton } from '../../widgets/close-button.tsx';
import { useTranslation } from 'react-i18next';
import type { PermissionSet } from '#domain/permissions';
import { session } from '../../shared/session/session-store.ts';
import { Brand } from './brand.tsx';
import { Sidebar } from './sidebar.tsx';

/**
 * The sidebar as a drawer on small screens (a separate chunk: desktop never needs it).
 * Only a tap outside, Escape, the close button or a navigation close it: the dismissable layer
 * also reports "focus outside" while the lazily mounted content takes focus (it names the content
 * itself as the target), which used to shut the drawer right after it opened.
 */
export function NavDrawer({ isOpen, permissions }: { isOpen: boolean; permissions: PermissionSet }) {
  const { t } = useTranslation();
  const close = () => session.setSidebar('main', false);
  return (
    <Drawer.Root
      open={isOpen}
      onFocusOutside={(e) => e.preventDefault()}
      placement="start"
      onOpenChange={(d) => session.setSidebar('main', d.open)}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72" data-testid="nav-drawer">
            <Flex justify="space-between" align="center" pe="2" borderBottomWidth="1px">
              <Brand borderless />
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('app.close')} />
              </Drawer.CloseTrigger>
            </Flex>
            <Drawer.Body p="3">
              <Sidebar permissions={permissions} onNavigate={close} />
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

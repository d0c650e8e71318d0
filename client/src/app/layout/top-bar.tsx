import { Box, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Menu as MenuIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProjectSelect } from '../../widgets/project-select.tsx';
import type { AuthUser } from '../../api/session/auth-user.ts';
import { session, useSession } from '../../shared/session/session-store.ts';
import { ConnectionSlot } from './connection-slot.tsx';
import { LanguageMenu } from '../../widgets/language-menu.tsx';
import { NotificationSlot } from './notification-slot.tsx';
import { SearchSlot } from './search-slot.tsx';
import { UserMenu } from './user-menu.tsx';
import { TOP_BAR_HEIGHT } from './brand.tsx';

const preloadDrawer = () => void import('./nav-drawer.tsx').catch(() => undefined);

/** Top bar: menu (small screens), project select, global search, connection state, language, notifications, user. */
export function TopBar({ user, onOpenMenu }: { user: AuthUser; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const projectId = useSession((s) => s.projectId);
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h={TOP_BAR_HEIGHT}
      align="center"
      gap="2"
      px={{ base: '2', md: '4' }}
      bg="bg"
      borderBottomWidth="1px"
      data-testid="top-bar"
    >
      <IconButton
        variant="ghost"
        size="sm"
        display={{ base: 'inline-flex', md: 'none' }}
        aria-label={t('app.nav.open')}
        onClick={onOpenMenu}
        onPointerEnter={preloadDrawer}
        data-testid="open-nav"
      >
        <MenuIcon />
      </IconButton>
      <Box flex="1" minW="0" maxW={{ base: 'none', sm: '80' }}>
        <ProjectSelect
          projects={user.proyectos}
          value={projectId}
          onChange={(id) => {
            if (id !== null) session.setProject(id);
          }}
        />
      </Box>
      <Box flex={{ base: '0', sm: '1' }} />
      <HStack gap={{ base: '0', sm: '1' }} flexShrink={0}>
        <SearchSlot />
        <ConnectionSlot />
        <LanguageMenu />
        <NotificationSlot />
        <UserMenu user={user} />
      </HStack>
    </Flex>
  );
}

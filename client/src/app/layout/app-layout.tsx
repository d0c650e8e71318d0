import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { withTimeout } from '../../shared/lazy-page.tsx';
import { permissionsOf, settingsOf, useAuthUser, type AuthUser } from '../../api/session/auth-user.ts';
import { hasStoredGridMode, session, useSession } from '../../shared/session/session-store.ts';
import { useRouteParamsSync } from '../use-route-params-sync.ts';
import { AttachmentSourcesSlot } from './attachment-sources-slot.tsx';
import { Brand } from './brand.tsx';
import { LoadErrorState, PageSpinner } from '../../shared/layout/page-states.tsx';
import { MAIN_CONTENT_ID, SkipToContent } from '../../shared/layout/skip-link.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const SIDEBAR_WIDTH = '60';
const NavDrawer = lazy(() => withTimeout(() => import('./nav-drawer.tsx')).then((m) => ({ default: m.NavDrawer })));

/**
 * Picks a usable project when none is selected, or when the stored one is no longer open to this
 * user: the account's default project first, else the first open one. The account's home view
 * applies while this browser has no grid_mode of its own.
 */
function useAccountDefaults(user: AuthUser) {
  const projectId = useSession((s) => s.projectId);
  useEffect(() => {
    const usable = user.proyectos.filter((p) => !p.is_closed && !p.is_blocked);
    if (usable.some((p) => p.id === projectId)) return;
    const { defaultProjectId } = settingsOf(user);
    session.setProject(usable.find((p) => p.id === defaultProjectId)?.id ?? usable[0]?.id ?? null);
  }, [user, projectId]);
  useEffect(() => {
    const { homeView } = settingsOf(user);
    if (homeView && !hasStoredGridMode()) session.setGridMode(homeView);
  }, [user]);
}

function Shell({ user }: { user: AuthUser }) {
  const isMenuOpen = useSession((s) => Boolean(s.sidebars.main));
  // The drawer chunk loads the first time it is opened and then stays mounted (closing animates).
  const [wasMenuOpened, setMenuOpened] = useState(false);
  useEffect(() => {
    if (isMenuOpen) setMenuOpened(true);
  }, [isMenuOpen]);
  const permissions = permissionsOf(user);
  useAccountDefaults(user);
  useRouteParamsSync();

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <SkipToContent />
      <Flex
        as="aside"
        direction="column"
        position="fixed"
        insetY="0"
        insetStart="0"
        w={SIDEBAR_WIDTH}
        bg="bg"
        borderEndWidth="1px"
        display={{ base: 'none', md: 'flex' }}
        zIndex="docked"
      >
        <Brand />
        <Box flex="1" overflowY="auto" p="3">
          <Sidebar permissions={permissions} />
        </Box>
      </Flex>
      {wasMenuOpened || isMenuOpen ? (
        <Suspense fallback={null}>
          <NavDrawer isOpen={isMenuOpen} permissions={permissions} />
        </Suspense>
      ) : null}
      <Box ps={{ base: '0', md: SIDEBAR_WIDTH }}>
        <TopBar user={user} onOpenMenu={() => session.setSidebar('main', true)} />
        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          _focusVisible={{ outline: 'none' }}
          px={{ base: '3', sm: '4', md: '6' }}
          py={{ base: '4', md: '6' }}
          maxW="7xl"
          mx="auto"
          minW="0"
        >
          <AttachmentSourcesSlot permissions={permissions}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </AttachmentSourcesSlot>
        </Box>
      </Box>
    </Box>
  );
}

/** The signed-in frame of every area but auth. Without a session it sends the user to the login. */
export function AppLayout() {
  const { data: user, isPending, isError, refetch } = useAuthUser();
  const location = useLocation();
  if (isPending) return <PageSpinner minH="100dvh" />;
  if (isError) return <LoadErrorState onRetry={() => void refetch()} />;
  if (!user) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth/login?redirect=${redirect}`} replace />;
  }
  return <Shell user={user} />;
}

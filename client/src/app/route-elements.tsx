import { Component, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Center } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiFeedback } from '../api/api-feedback.tsx';
import { onUnauthenticated } from '../api/http.ts';
import { isChunkLoadError } from '../shared/lazy-page.tsx';
import { listenToParent, reportRoute } from './frame-bridge.ts';
import { useScreenReporting } from './screen-reporting.ts';
import { LoadErrorState, NoPermissionPage, PageSpinner } from '../shared/layout/page-states.tsx';
import { areaOf, type AreaName } from '../shared/route-manifest.ts';
import { resolveModuleEntry, routeToRemember } from '../shared/route-memory.ts';
import { authUserQuery, permissionsOf, useAuthUser, useCan } from '../api/session/auth-user.ts';
import { session, useSession } from '../shared/session/session-store.ts';
import { useLocaleSync } from '../shared/use-locale.ts';

/** Everything every route shares: scroll to top, iframe bridge, remembered routes, feedback, locale. */
export function RootShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = location.pathname + location.search + location.hash;
  useLocaleSync();
  useScreenReporting();

  // docs/product.md §2: the page scrolls to the top on navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // docs/product.md §2: remember the last route of each module.
  useEffect(() => {
    const r = routeToRemember(location.pathname, location.search);
    if (r) session.rememberRoute(r.area.area, r.path);
  }, [location.pathname, location.search]);

  // docs/product.md §1: report each route change to the parent frame, and follow paths it sends.
  useEffect(() => {
    reportRoute(here);
  }, [here]);
  useEffect(
    () =>
      listenToParent(
        () => window.location.pathname + window.location.search + window.location.hash,
        (p) => navigate(p),
      ),
    [navigate],
  );

  // A 401 on any call means the session ended: forget the user so the layout shows the login.
  useEffect(() => onUnauthenticated(() => queryClient.setQueryData(authUserQuery.queryKey, null)), [queryClient]);

  return (
    <>
      <RouteErrorBoundary resetKey={location.pathname}>
        <Outlet />
      </RouteErrorBoundary>
      <ApiFeedback />
    </>
  );
}

/** docs/product.md §2: opening a module restores its last route, or its default when that is gone. */
export function ModuleEntry({ area }: { area: AreaName }) {
  const { data: user } = useAuthUser();
  const stored = useSession((s) => s.metadata.lastRoutes[area]);
  return <Navigate to={resolveModuleEntry(areaOf(area), stored, permissionsOf(user))} replace />;
}

/** A route's permission: without it, the no-permission page, or the route's own redirect (Cbox: its activation). */
export function PermissionGate({
  permission,
  redirect,
  children,
}: {
  permission: string;
  redirect?: string;
  children: ReactNode;
}) {
  if (useCan(permission)) return <>{children}</>;
  return redirect ? <Navigate to={redirect} replace /> : <NoPermissionPage />;
}

export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" p="4">
      {isChunkLoadError(error) ? (
        <LoadErrorState onRetry={() => window.location.reload()} />
      ) : (
        <Box textAlign="center" data-testid="route-error">
          <Box as="p" mb="4">
            {t('common.error_default')}
          </Box>
          <Button colorPalette="brand" onClick={() => window.location.reload()}>
            {t('app.retry')}
          </Button>
        </Box>
      )}
    </Center>
  );
}

type BoundaryProps = { resetKey: string; children: ReactNode };

/**
 * Route error boundary: a chunk that failed or timed out (docs/product.md §8) shows the load error UI, anything
 * else a generic one. Navigating elsewhere clears it. Placed inside the layout too, so the sidebar stays.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: undefined, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error !== undefined ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from '../shared/lazy-page.tsx';
import { PageSpinner, PendingPage } from '../shared/layout/page-states.tsx';
import { ROUTES, type AreaRoute, type RouteNode } from '../shared/route-manifest.ts';
import { provideSignedInShell } from '../shared/signed-in-shell.ts';
import { ModuleEntry, PageSuspense, PermissionGate, RootShell, RouteErrorBoundary } from './route-elements.tsx';
import { catchAllPage, pageOf } from './routes.tsx';

/**
 * The signed-in frame (sidebar, top bar, its menus and icons) is its own chunk: the login page, the
 * app's first load, never needs it (docs/architecture.md §6). The login starts fetching it on submit.
 */
const loadSignedInShell = () => import('./layout/app-layout.tsx');
provideSignedInShell(loadSignedInShell);
const AppLayout = lazyPage(loadSignedInShell, 'AppLayout', { firstLoad: true });

function elementOf(node: RouteNode, area: AreaRoute) {
  const Page = pageOf(node, area);
  if (Page)
    return (
      <PageSuspense>
        <Page />
      </PageSuspense>
    );
  return node.children?.length ? <Outlet /> : <PendingPage />;
}

/** Area contents sit in their own error boundary so a failed chunk keeps the sidebar and top bar. */
function AreaBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

function toRouteObject(node: RouteNode, area: AreaRoute): RouteObject {
  let element = elementOf(node, area);
  if (node.permission)
    element = (
      <PermissionGate permission={node.permission} redirect={node.redirectWhenDenied}>
        {element}
      </PermissionGate>
    );
  if (node.index) return { index: true, element };

  const children = node.children?.map((c) => toRouteObject(c, area)) ?? [];
  if (node.defaultChild) {
    const isAreaRoot = node === area;
    children.unshift({
      index: true,
      element:
        isAreaRoot && area.remembers ? <ModuleEntry area={area.area} /> : <Navigate to={node.defaultChild} replace />,
    });
  }
  if (node === area) return { element: <AreaBoundary />, children: [{ path: node.path, element, children }] };
  return { path: node.path, element, children };
}

/** Route objects for react-router, built from the docs/product.md §2 manifest and the shell's pages. */
export function buildRouteObjects(routes: readonly AreaRoute[] = ROUTES): RouteObject[] {
  const CatchAll = catchAllPage;
  return [
    {
      element: <RootShell />,
      children: [
        { path: '/', element: <Navigate to="/auth/login" replace /> },
        ...routes.filter((a) => a.isPublic).map((a) => toRouteObject(a, a)),
        {
          element: (
            <Suspense fallback={<PageSpinner minH="100dvh" />}>
              <AppLayout />
            </Suspense>
          ),
          children: routes.filter((a) => !a.isPublic).map((a) => toRouteObject(a, a)),
        },
        {
          path: '*',
          element: (
            <PageSuspense>
              <CatchAll />
            </PageSuspense>
          ),
        },
      ],
    },
  ];
}

const appRoutes = buildRouteObjects();

/**
 * The declarative router (BrowserRouter + useRoutes) rather than the data router: the app uses no
 * loaders or actions, and the data router costs ~19 KB gzipped of the first load (docs/architecture.md §6).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}

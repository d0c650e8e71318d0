import type { ReactNode } from 'react';
import { Tabs } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router';

export type RouteTab = { value: string; label: ReactNode };

/** The tab whose route the path is in (`<base>/<value>` or below it); the first tab otherwise. */
export function currentRouteTab(pathname: string, base: string, tabs: readonly RouteTab[]): string {
  return tabs.find((tab) => pathname.startsWith(`${base}/${tab.value}`))?.value ?? tabs[0]?.value ?? '';
}

export type RouteTabsProps = {
  /** The page's path; each tab is the route `<base>/<value>`. */
  base: string;
  tabs: readonly RouteTab[];
  /** The open tab's screen (the nested route's `<Outlet />`). */
  children: ReactNode;
};

/**
 * A detail page's tabs, one route each: the path chooses the open tab and choosing a tab navigates to
 * its route. The open tab's screen is its tabpanel, so each tab's aria-controls names an element that
 * exists (axe's aria-valid-attr-value); the list scrolls sideways on narrow screens.
 */
export function RouteTabs({ base, tabs, children }: RouteTabsProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = currentRouteTab(pathname, base, tabs);
  return (
    <Tabs.Root value={current} onValueChange={(d) => navigate(`${base}/${d.value}`)} variant="line">
      <Tabs.List overflowX="auto" overflowY="hidden">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} data-testid={`tab-${tab.value}`} flexShrink={0}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={current}>{children}</Tabs.Content>
    </Tabs.Root>
  );
}

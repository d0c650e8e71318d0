import { useEffect, useRef } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { permissionsOf, useAuthUser } from '../../api/session/auth-user.ts';
import { currentNavItem, visibleNavItems } from './module-nav.ts';
import { MobileAppBanner } from './mobile-app-banner.tsx';

/**
 * The /warranties area's sub-navigation: Panel, Solicitudes, Agenda, Fichas, Estadísticas, only those the
 * user may open. Plain links (each screen has its own URL), scrollable sideways on a phone, the
 * current one marked with aria-current and scrolled into view.
 */
export function WarrantiesNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useAuthUser();
  const items = visibleNavItems(permissionsOf(user));
  const current = currentNavItem(pathname);
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current?.id]);
  if (!items.length) return null;
  return (
    <Flex
      as="nav"
      aria-label={t('after_sales_ui.nav.label')}
      data-testid="warranties-nav"
      gap="1"
      mb="5"
      borderBottomWidth="1px"
      overflowX="auto"
      overflowY="hidden"
      scrollbarWidth="thin"
      css={{ WebkitOverflowScrolling: 'touch' }}
    >
      {items.map((item) => {
        const isCurrent = item.id === current?.id;
        return (
          <Box
            key={item.id}
            asChild
            flexShrink={0}
            whiteSpace="nowrap"
            px="3"
            py="2"
            mb="-1px"
            textStyle="sm"
            fontWeight="medium"
            color="fg.muted"
            borderBottomWidth="2px"
            borderColor="transparent"
            _hover={{ color: 'fg' }}
            _currentPage={{ color: 'brand.fg', borderColor: 'brand.solid' }}
            focusRing="inside"
          >
            <Link
              to={item.to}
              ref={isCurrent ? currentRef : undefined}
              aria-current={isCurrent ? 'page' : undefined}
              data-testid={`warranties-nav-${item.id}`}
            >
              {t(item.titleKey)}
            </Link>
          </Box>
        );
      })}
    </Flex>
  );
}

/** /warranties: the mobile-app banner and the area's sub-navigation above whichever screen the route shows. */
export function WarrantiesLayout() {
  return (
    <Box>
      <Box mb="4" _empty={{ display: 'none' }}>
        <MobileAppBanner />
      </Box>
      <WarrantiesNav />
      <Outlet />
    </Box>
  );
}

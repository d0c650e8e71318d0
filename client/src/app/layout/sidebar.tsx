import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { PermissionSet } from '#domain/permissions';
import { navAreas, routeTitleKey } from '../../shared/route-manifest.ts';
import { NAV_ICONS } from './nav-icons.tsx';

/** docs/product.md §2/§6: the sidebar lists exactly the areas the user may open (navAreas: elements lacking permission are hidden). */

export function Sidebar({ permissions, onNavigate }: { permissions: PermissionSet; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box as="nav" aria-label={t('app.nav.label')} data-testid="sidebar">
      <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
        {navAreas(permissions).map((area) => {
          const Icon = NAV_ICONS[area.icon!];
          return (
            <li key={area.area}>
              <Flex
                asChild
                align="center"
                gap="3"
                px="3"
                py="2"
                minH="10"
                borderRadius="md"
                color="fg.muted"
                fontWeight="medium"
                textStyle="sm"
                _hover={{ bg: 'bg.muted', color: 'fg' }}
                _currentPage={{ bg: 'brand.subtle', color: 'brand.fg' }}
                focusRingColor="brand.focusRing"
              >
                <NavLink to={area.path} onClick={onNavigate} data-testid={`nav-${area.area}`}>
                  <Icon size={18} aria-hidden />
                  <Text as="span" truncate>
                    {t(routeTitleKey(area.name))}
                  </Text>
                </NavLink>
              </Flex>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

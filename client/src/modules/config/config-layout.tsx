import { Suspense } from 'react';
import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { can } from '#domain/permissions';
import { PageSpinner } from '../../shared/layout/page-states.tsx';
import { areaOf, routeTitleKey } from '../../shared/route-manifest.ts';
import { permissionsOf, useAuthUser } from '../../api/session/auth-user.ts';

/** /config: the sections the user may open (docs/product.md §2 config sub-routes), beside the open one. */
export function ConfigLayout() {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const permissions = permissionsOf(user);
  const sections = (areaOf('config').children ?? []).filter((n) => n.path && can(permissions, n.permission));

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {t('routes.config.title')}
      </Heading>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: '4', md: '8' }} align="flex-start">
        <Box
          as="nav"
          aria-label={t('modules.config.sections')}
          w={{ base: 'full', md: '56' }}
          flexShrink={0}
          overflowX={{ base: 'auto', md: 'visible' }}
          data-testid="config-nav"
        >
          <Flex
            as="ul"
            direction={{ base: 'row', md: 'column' }}
            gap="0.5"
            listStyleType="none"
            m="0"
            p="0"
            pb={{ base: '1', md: '0' }}
          >
            {sections.map((s) => (
              <li key={s.name}>
                <Box
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  borderRadius="md"
                  textStyle="sm"
                  whiteSpace="nowrap"
                  color="fg.muted"
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  _currentPage={{ bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'medium' }}
                >
                  <NavLink to={s.path!}>{t(routeTitleKey(s.name))}</NavLink>
                </Box>
              </li>
            ))}
          </Flex>
        </Box>
        <Box flex="1" minW="0" w="full">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Stack>
  );
}

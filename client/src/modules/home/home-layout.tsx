import { Suspense } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { PageSpinner } from '../../shared/layout/page-states.tsx';

const TABS = ['proyectos', 'tareas'] as const;

/** /home: proyectos and tareas (docs/product.md §2), as links styled like tabs so each has its own URL. */
export function HomeLayout() {
  const { t } = useTranslation();
  return (
    <Box>
      <Flex as="nav" aria-label={t('routes.home.title')} gap="1" borderBottomWidth="1px" mb="5">
        {TABS.map((tab) => (
          <Box
            key={tab}
            asChild
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
            <NavLink to={`/home/${tab}`} data-testid={`home-tab-${tab}`}>
              {t(`routes.home.${tab}.title`)}
            </NavLink>
          </Box>
        ))}
      </Flex>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

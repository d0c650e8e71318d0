import { Box, Button, Center, Container, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import { fileUrl } from '../../api/clients.ts';
import type { AppLocale } from '../../shared/i18n.ts';
import { PageSpinner } from '../../shared/layout/page-states.tsx';
import { MAIN_CONTENT_ID, SkipToContent } from '../../shared/layout/skip-link.tsx';
import { useAuthUser } from '../../api/session/auth-user.ts';
import { useSession } from '../../shared/session/session-store.ts';
import { useChangeLocale } from '../../api/session/use-change-locale.ts';
import { myUnitsQuery } from './api/portal-api.ts';
import { usePortalLogout } from './api/portal-session.ts';
import { usePortalLive, usePortalUnitRooms } from './api/use-portal-live.ts';
import { useDraftOutbox } from './api/use-ticket-drafts.ts';
import { PortalAppHead } from './pwa/portal-app-head.tsx';

/**
 * docs/product.md#owner-portal: every control of the portal is a 44 px touch target on a phone (buttons, tabs,
 * selects, fields), written once here rather than on each button.
 */
const TOUCH_TARGETS = {
  '& :is(button, select, input, [role=tab], [role=button])': { minHeight: '44px' },
  '& :is(button, [role=tab], [role=button])': { minWidth: '44px' },
} as const;

/** Pages of the portal that work without a session. */
const PUBLIC = ['/portal/ingresar', '/portal/acceso'];

function LanguageSwitch() {
  const locale = useSession((s) => s.locale);
  const change = useChangeLocale();
  const { t } = useTranslation();
  return (
    <HStack gap="0" role="group" aria-label={t('app.language.change')}>
      {(['es', 'pt-BR'] as AppLocale[]).map((l) => (
        <Button
          key={l}
          size="xs"
          variant={locale === l ? 'solid' : 'ghost'}
          colorPalette="gray"
          onClick={() => void change(l)}
          aria-pressed={locale === l}
        >
          {t(`app.language.short.${l}`)}
        </Button>
      ))}
    </HStack>
  );
}

function SignedIn({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const units = useQuery(myUnitsQuery);
  usePortalLive(userId);
  usePortalUnitRooms((units.data ?? []).map((u) => u.id));
  useDraftOutbox(userId);
  const logout = usePortalLogout();
  const project = units.data?.[0]?.project;
  return (
    <>
      <SkipToContent />
      <Flex
        as="header"
        align="center"
        justify="space-between"
        gap="2"
        px="3"
        py="2"
        bg="bg"
        borderBottomWidth="1px"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <Box flex="1" minW="0" asChild>
          <RouterLink to="/portal/inicio">
            <HStack gap="2" minW="0">
              {project?.logo_path ? (
                <Image src={fileUrl(project.logo_path)} alt="" h="8" maxW="24" objectFit="contain" />
              ) : null}
              <Text fontWeight="bold" truncate>
                {project?.real_estate_name || t('portal.title')}
              </Text>
            </HStack>
          </RouterLink>
        </Box>
        <HStack gap="1" flexShrink={0}>
          <LanguageSwitch />
          <Button
            size="xs"
            variant="ghost"
            onClick={() => void logout()}
            aria-label={t('portal.logout')}
            title={name}
            data-testid="portal-logout"
          >
            <LogOut size={16} />
          </Button>
        </HStack>
      </Flex>
      <Container
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        _focusVisible={{ outline: 'none' }}
        maxW="3xl"
        px={{ base: '3', sm: '4' }}
        py="4"
      >
        <Outlet />
      </Container>
    </>
  );
}

/**
 * The owner portal (docs/product.md#owner-portal), outside the staff shell: mobile first and made to live
 * inside a company's site (the iframe bridge of docs/product.md §1 runs in the root shell). Owners only.
 */
export function PortalLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: user, isPending } = useAuthUser();
  const isPublic = PUBLIC.some((p) => pathname.startsWith(p));
  let body;
  if (isPublic) {
    body = (
      <Container as="main" maxW="md" px="4" py="4">
        <Flex justify="flex-end" mb="3">
          <LanguageSwitch />
        </Flex>
        <Outlet />
      </Container>
    );
  } else if (isPending) body = <PageSpinner minH="100dvh" />;
  else if (!user) body = <Navigate to={`/portal/ingresar?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  else if (user.kind !== 'owner') {
    body = (
      <Center minH="80dvh" p="4">
        <Stack gap="3" textAlign="center" maxW="sm" data-testid="portal-staff">
          <Text>{t('portal.staff_account')}</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/home">{t('portal.go_staff')}</RouterLink>
          </Button>
        </Stack>
      </Center>
    );
  } else body = <SignedIn userId={user.id} name={user.full_name} />;
  return (
    <Box minH="100dvh" bg="bg.subtle" css={TOUCH_TARGETS} data-testid="portal">
      <PortalAppHead />
      {body}
    </Box>
  );
}

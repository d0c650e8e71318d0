import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AuthUser } from '../../api/session/auth-user.ts';
import { useLogout } from '../../api/session/use-logout.ts';
import { LanguageRadioItems } from '../../widgets/language-menu-impl.tsx';
import { UserTriggerButton } from './user-menu-trigger.tsx';

/** User menu: who is signed in, the account page, the language switch (docs/product.md §1) and logout. */
export function UserMenuImpl({ user, defaultOpen }: { user: AuthUser; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <UserTriggerButton user={user} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="60">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold" truncate>
                {user.full_name || user.username}
              </Text>
              <Text textStyle="xs" color="fg.muted" truncate>
                {user.grupo.desc_grupo} · {user.company.name}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="account" onClick={() => navigate('/config/cuenta')} data-testid="menu-account">
              <UserRound size={16} aria-hidden />
              {t('app.user_menu.account')}
            </Menu.Item>
            <Menu.Separator />
            <LanguageRadioItems />
            <Menu.Separator />
            <Menu.Item value="logout" onClick={() => void logout()} data-testid="logout">
              <LogOut size={16} aria-hidden />
              {t('app.user_menu.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

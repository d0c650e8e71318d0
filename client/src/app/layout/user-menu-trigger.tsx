// The user button on its own: the light door (user-menu.tsx) and the menu fetched on first use
// (user-menu-impl.tsx) both import it, and neither imports the other.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Box, Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '../../api/session/auth-user.ts';
import type { DeferredTriggerProps } from '../../shared/layout/deferred.tsx';

/** Initials of first name and first surname ('Carolina' + 'Fuentes Ortiz' → 'CF'), shown on a disc. */
export function initialsOf(user: Pick<AuthUser, 'first_name' | 'last_name' | 'username'>): string {
  const first = user.first_name.trim()[0] ?? user.username[0] ?? '';
  const last = user.last_name.trim()[0] ?? user.username[1] ?? '';
  return (first + last).toUpperCase();
}

type TriggerProps = ComponentPropsWithoutRef<typeof Button> & Partial<DeferredTriggerProps> & { user: AuthUser };

/** The top-bar user button; the real menu wraps this same button. */
export const UserTriggerButton = forwardRef<HTMLButtonElement, TriggerProps>(function UserTriggerButton(
  { user, onActivate, onPreload, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const name = user.full_name || user.username;
  return (
    // Named by its content ("Menú de Carolina Fuentes Ortiz", visually hidden) rather than aria-label, so
    // the name always contains what is shown (WCAG 2.5.3); initials and first name are decoration.
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      px="1"
      aria-haspopup="menu"
      data-testid="user-menu"
      onClick={onActivate}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      {...rest}
    >
      <Box
        as="span"
        w="7"
        h="7"
        borderRadius="full"
        bg="brand.solid"
        color="brand.contrast"
        display="grid"
        placeItems="center"
        textStyle="xs"
        fontWeight="semibold"
        aria-hidden
      >
        {initialsOf(user)}
      </Box>
      <Text as="span" display={{ base: 'none', lg: 'inline' }} maxW="40" truncate aria-hidden>
        {user.first_name || user.username}
      </Text>
      <Box as="span" srOnly>
        {t('app.user_menu.open', { name })}
      </Box>
    </Button>
  );
});

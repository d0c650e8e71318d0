import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '#domain/schemas/notifications';
import { formatDate } from '../../shared/format.ts';
import type { AppLocale } from '../../shared/i18n.ts';

/** One notification: unread ones are marked; the title opens its link. Shared by the bell and the page. */
export function NotificationRow({
  item,
  onOpen,
  onToggleRead,
  compact = false,
}: {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
  onToggleRead?: (item: NotificationItem) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const when = formatDate(item.created_at, i18n.language as AppLocale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box
      as="li"
      listStyleType="none"
      px="3"
      py="2.5"
      borderBottomWidth="1px"
      bg={item.read ? undefined : 'brand.subtle'}
      data-testid="notification-row"
      data-read={item.read}
    >
      <HStack align="flex-start" gap="3">
        <Box
          w="2"
          h="2"
          mt="1.5"
          borderRadius="full"
          flexShrink={0}
          bg={item.read ? 'transparent' : 'brand.solid'}
          aria-hidden
        />
        <Stack gap="0.5" flex="1" minW="0">
          <Button
            variant="plain"
            h="auto"
            p="0"
            justifyContent="flex-start"
            textAlign="start"
            whiteSpace="normal"
            fontWeight={item.read ? 'normal' : 'semibold'}
            onClick={() => onOpen(item)}
          >
            {item.title}
          </Button>
          <Text textStyle="sm" color="fg.muted" lineClamp={compact ? 2 : undefined}>
            {item.body}
          </Text>
          <HStack gap="2">
            <Text textStyle="xs" color="fg.muted">
              {when}
            </Text>
            {item.read ? null : (
              <Badge size="xs" colorPalette="brand">
                {t('notifications.received.unread_badge')}
              </Badge>
            )}
          </HStack>
        </Stack>
        {onToggleRead ? (
          <Button size="xs" variant="ghost" flexShrink={0} onClick={() => onToggleRead(item)}>
            {item.read ? t('notifications.received.mark_unread') : t('notifications.received.mark_read')}
          </Button>
        ) : null}
      </HStack>
    </Box>
  );
}

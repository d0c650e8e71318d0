import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isInsideReplyWindow } from '#machines/time';

/**
 * docs/product.md §4 Owner confirmation: a visit that starts inside the owner's reply window cannot be
 * answered by the owner. True when saving `startAt` now would schedule such a visit.
 */
export function startsInsideReplyWindow(startAt: string | null | undefined, hours: number | undefined) {
  return hours !== undefined && isInsideReplyWindow(new Date().toISOString(), startAt, hours);
}

type Props = { hours: number; onAccept: () => void; onChange: () => void };

/** The scheduler's warning before saving such a visit: they may accept it or pick another time. */
export function ReplyWindowWarning({ hours, onAccept, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" role="alert" data-testid="reply-window-warning">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{t('after_sales_ui.orders.reply_window.title')}</Alert.Title>
        <Alert.Description>{t('after_sales_ui.orders.reply_window.body', { hours })}</Alert.Description>
        <HStack gap="2" justify="flex-end">
          <Button size="sm" variant="outline" onClick={onChange}>
            {t('after_sales_ui.orders.reply_window.change')}
          </Button>
          <Button size="sm" colorPalette="orange" onClick={onAccept} data-testid="reply-window-accept">
            {t('after_sales_ui.orders.reply_window.accept')}
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}

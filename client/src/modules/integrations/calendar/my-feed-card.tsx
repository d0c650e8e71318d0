import { useState } from 'react';
import { Alert, Button, Card, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedView } from '#domain/integrations-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { ConfirmDialog } from '../../../widgets/confirm-dialog.tsx';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { myFeedQuery, useRotateMyFeed } from '../api/calendar-api.ts';

/** "Su calendario": the signed-in user's secret subscription URL and how to add it to each calendar application. */
export function MyFeedCard() {
  const { t } = useTranslation();
  const query = useQuery(myFeedQuery);
  return (
    <Card.Root data-testid="my-calendar-feed">
      <Card.Body>
        <Stack gap="4">
          <Heading size="md">{t('integrations_ui.calendar.mine_title')}</Heading>
          <QueryState query={query}>{(feed) => <FeedDetails feed={feed} />}</QueryState>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function FeedDetails({ feed }: { feed: CalendarFeedView }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateMyFeed();
  const copy = async () => {
    await navigator.clipboard.writeText(feed.url);
    showSuccessToast(t('integrations_ui.calendar.copied'));
  };
  return (
    <Stack gap="4">
      {!feed.running && (
        <Alert.Root status="warning" data-testid="calendar-off">
          <Alert.Indicator />
          <Alert.Title>{t('integrations_ui.calendar.off_notice')}</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="1">
        <Text asChild fontWeight="medium">
          <label htmlFor="calendar-feed-url">{t('integrations_ui.calendar.url_label')}</label>
        </Text>
        <HStack gap="2" wrap="wrap">
          <Input
            id="calendar-feed-url"
            readOnly
            value={feed.url}
            flex="1"
            minW="240px"
            fontFamily="mono"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="calendar-feed-url"
          />
          <Button minH="44px" variant="outline" onClick={() => void copy()}>
            {t('integrations_ui.calendar.copy')}
          </Button>
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {t('integrations_ui.calendar.url_help')}
        </Text>
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Button asChild colorPalette="brand" minH="44px">
          <a href={feed.google_url} target="_blank" rel="noopener noreferrer">
            {t('integrations_ui.calendar.google')}
          </a>
        </Button>
        <Button asChild variant="outline" minH="44px">
          <a href={feed.webcal_url}>{t('integrations_ui.calendar.apple_open')}</a>
        </Button>
      </HStack>
      <Stack gap="2" textStyle="sm">
        <Text>
          <Text as="strong">{t('integrations_ui.calendar.outlook_title')}: </Text>
          {t('integrations_ui.calendar.outlook_steps')}
        </Text>
        <Text>
          <Text as="strong">{t('integrations_ui.calendar.apple_title')}: </Text>
          {t('integrations_ui.calendar.apple_steps')}
        </Text>
      </Stack>
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text textStyle="sm" color="fg.muted">
          {feed.last_fetched_at
            ? t('integrations_ui.calendar.last_fetched', { when: dateTimeText(feed.last_fetched_at, i18n.language) })
            : t('integrations_ui.calendar.never_fetched')}
        </Text>
        <Link
          as="button"
          textStyle="sm"
          color="red.fg"
          onClick={() => setConfirming(true)}
          data-testid="calendar-rotate"
        >
          {t('integrations_ui.calendar.rotate')}
        </Link>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title={t('integrations_ui.calendar.rotate_title')}
        body={t('integrations_ui.calendar.rotate_body')}
        confirmLabel={t('integrations_ui.calendar.rotate')}
        danger
        busy={rotate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => showSuccessToast(t('integrations_ui.calendar.rotated')),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}

import { Box, Drawer, HStack, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_HISTORY_MAX } from '#domain/quality';
import type { ActivityHistoryEntry, ActivityRow, QualityAttribute } from '#domain/quality-responses';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { QueryState } from '../../../widgets/query-state.tsx';
import { activityHistoryQuery } from '../api/activities.ts';
import { historyFieldLabel, historyValueText } from './activity-fields.ts';

type Props = {
  activity: ActivityRow | null;
  attributes: QualityAttribute[];
  /** Names a parent that a move changed. */
  descriptionOf: (id: number) => string | undefined;
  onClose: () => void;
};

function Entry({
  entry,
  attributes,
  descriptionOf,
}: {
  entry: ActivityHistoryEntry;
  attributes: QualityAttribute[];
  descriptionOf: (id: number) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const ctx = { language: i18n.language, t, attributes, descriptionOf };
  const changes = Object.entries(entry.changes);
  return (
    <Box as="li" borderBottomWidth="1px" py="3" data-testid="history-entry">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold" textStyle="sm">
          {entry.user?.full_name ?? t('quality_ui.progress.history.system')}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {dateTimeText(entry.created_at, i18n.language)}
        </Text>
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {t(`quality_ui.progress.history.kinds.${entry.kind}`, { defaultValue: entry.kind })}
      </Text>
      {changes.length > 0 ? (
        <List.Root as="ul" gap="1" mt="1" ps="4" textStyle="sm">
          {changes.map(([field, [before, after]]) => (
            <List.Item key={field}>
              <Text as="span" fontWeight="medium">
                {historyFieldLabel(field, t, attributes)}
              </Text>
              {': '}
              <Text as="span" color="fg.muted" textDecoration="line-through">
                {historyValueText(field, before, ctx)}
              </Text>
              {' → '}
              <Text as="span">{historyValueText(field, after, ctx)}</Text>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </Box>
  );
}

/** An activity's last 50 changes (docs/product.md §9): who, when, and each field before and after. */
export function HistoryDrawer({ activity, attributes, descriptionOf, onClose }: Props) {
  const { t } = useTranslation();
  const history = useQuery({ ...activityHistoryQuery(activity?.id ?? 0), enabled: activity !== null });
  return (
    <Drawer.Root open={activity !== null} onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'md' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="history-drawer">
            <Drawer.Header>
              <Stack gap="0" minW="0">
                <Drawer.Title>{t('quality_ui.progress.history.title')}</Drawer.Title>
                <Text textStyle="sm" color="fg.muted" truncate>
                  {activity?.code ? `${activity.code} · ` : ''}
                  {activity?.description}
                </Text>
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              {activity ? (
                <QueryState query={history} minH="30vh">
                  {(entries) =>
                    entries.length === 0 ? (
                      <Text color="fg.muted" data-testid="history-empty">
                        {t('quality_ui.progress.history.empty')}
                      </Text>
                    ) : (
                      <>
                        <Box as="ul" listStyleType="none">
                          {entries.slice(0, ACTIVITY_HISTORY_MAX).map((entry) => (
                            <Entry key={entry.id} entry={entry} attributes={attributes} descriptionOf={descriptionOf} />
                          ))}
                        </Box>
                        {entries.length >= ACTIVITY_HISTORY_MAX ? (
                          <Text textStyle="xs" color="fg.muted" mt="3">
                            {t('quality_ui.progress.history.last', { max: ACTIVITY_HISTORY_MAX })}
                          </Text>
                        ) : null}
                      </>
                    )
                  }
                </QueryState>
              ) : null}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

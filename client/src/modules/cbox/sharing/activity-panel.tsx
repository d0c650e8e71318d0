import { HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CboxActivityEntry } from '#domain/cbox-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { fileActivityQuery } from '../api/files-api.ts';
import { When } from './when.tsx';

/** Who did it: a person, or the share link for actions of people outside the company. */
function ActorOf({ entry }: { entry: CboxActivityEntry }) {
  const { t } = useTranslation();
  if (entry.via_link)
    return (
      <HStack gap="1" as="span">
        <Link2 size={14} aria-hidden />
        <Text as="span">{t('cbox_ui.activity.via_link')}</Text>
      </HStack>
    );
  return <Text as="span">{entry.actor?.name ?? t('cbox_ui.details.unknown_person')}</Text>;
}

/** The file's activity log, newest first (docs/product.md §1 sharing: uploaded, viewed, downloaded, shared, moved…). */
export function ActivityPanel({ fileId }: { fileId: number }) {
  const { t } = useTranslation();
  const query = useQuery(fileActivityQuery(fileId));
  return (
    <QueryState query={query} minH="20vh">
      {(entries) =>
        entries.length === 0 ? (
          <Text color="fg.muted">{t('cbox_ui.activity.empty')}</Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label={t('cbox_ui.activity.list_label')}>
            {entries.map((entry) => (
              <Stack
                as="li"
                key={entry.id}
                gap="0.5"
                py="2"
                borderBottomWidth="1px"
                data-testid={`activity-${entry.id}`}
              >
                <Text fontWeight="medium">{t(`cbox_ui.activity.actions.${entry.action}`)}</Text>
                <HStack gap="1" textStyle="sm" color="fg.muted" wrap="wrap">
                  <ActorOf entry={entry} />
                </HStack>
                <When iso={entry.at} />
              </Stack>
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}

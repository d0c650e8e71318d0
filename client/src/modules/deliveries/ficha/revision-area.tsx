import { Badge, Box, Button, Card, Heading, HStack, Progress, Stack } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Revision } from '../api/ficha-api.ts';
import { isChanged, RevisionItemRow, storedAnswer, type RevisionAnswer } from './revision-item.tsx';

type Area = Revision['areas'][number];
type Props = {
  area: Area;
  open: boolean;
  onToggle: () => void;
  answers: Record<number, RevisionAnswer>;
  canEdit: boolean;
  error: (itemId: number, field: string) => string | undefined;
  onChange: (itemId: number, patch: Partial<RevisionAnswer>) => void;
};

/** What an area holds on screen: items, answered, failures and unsaved changes. */
export function areaProgress(area: Area, answers: Record<number, RevisionAnswer>) {
  const items = area.places.flatMap((p) => p.items);
  return {
    items: items.length,
    answered: items.filter((i) => answers[i.id]?.outcome).length,
    failures: items.filter((i) => answers[i.id]?.outcome === 'falla').length,
    changed: items.some((i) => isChanged(i, answers[i.id])),
  };
}

/**
 * One area of the revision, collapsible so a long catalogue stays a list of areas with their progress
 * (docs/product.md §2 revision); its places and items are drawn only while it is open.
 */
export function RevisionArea({ area, open, onToggle, answers, canEdit, error, onChange }: Props) {
  const { t } = useTranslation();
  const p = areaProgress(area, answers);
  const bodyId = `revision-area-${area.id}-body`;
  return (
    <Card.Root size="sm" data-testid={`revision-area-${area.id}`} data-open={open}>
      <Card.Header p="0">
        <Button
          variant="ghost"
          justifyContent="flex-start"
          h="auto"
          minH="11"
          py="2"
          px="3"
          w="full"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
          data-testid={`revision-area-toggle-${area.id}`}
        >
          <Stack gap="1.5" w="full" align="stretch">
            <HStack gap="2" wrap="wrap">
              {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
              <Heading as="h3" size="sm" flex="1" textAlign="start" whiteSpace="normal">
                {area.name}
              </Heading>
              {p.changed ? (
                <Badge colorPalette="yellow" variant="subtle">
                  {t('deliveries_ui.revision.unsaved')}
                </Badge>
              ) : null}
              {p.failures ? (
                <Badge colorPalette="orange" variant="subtle">
                  {t('deliveries_ui.revision.pending', { count: p.failures })}
                </Badge>
              ) : null}
              <Badge variant="outline" data-testid={`revision-area-progress-${area.id}`}>
                {`${p.answered} / ${p.items}`}
              </Badge>
            </HStack>
            <Progress.Root
              value={p.items ? (100 * p.answered) / p.items : 0}
              size="xs"
              colorPalette={p.answered === p.items ? 'green' : 'brand'}
              aria-label={t('deliveries_ui.revision.answered', { answered: p.answered, items: p.items })}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
        </Button>
      </Card.Header>
      {open ? (
        <Card.Body id={bodyId} pt="2">
          <Stack gap="5">
            {area.places.map((place) => (
              <Box key={place.id}>
                <Heading as="h4" size="xs" mb="2" color="fg.muted">
                  {place.name}
                </Heading>
                <Stack gap="4">
                  {place.items.map((item) => (
                    <RevisionItemRow
                      key={item.id}
                      item={item}
                      answer={answers[item.id] ?? storedAnswer(item)}
                      canEdit={canEdit}
                      error={(field) => error(item.id, field)}
                      onChange={(patch) => onChange(item.id, patch)}
                    />
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Card.Body>
      ) : null}
    </Card.Root>
  );
}

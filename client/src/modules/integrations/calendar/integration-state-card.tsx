import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConnectionView } from '#domain/integrations-responses';
import { QueryState } from '../../../widgets/query-state.tsx';
import { calendarConnectionQuery, useToggleCalendar } from '../api/calendar-api.ts';

const PALETTE = { activa: 'green', inactiva: 'gray', solicitada: 'orange', en_proceso: 'blue' } as const;

/** The company's scheduling tool: its state, switched on and off by administrators (docs/product.md §4). */
export function IntegrationStateCard() {
  const query = useQuery(calendarConnectionQuery);
  return (
    <Card.Root>
      <Card.Body>
        <QueryState query={query}>{(connection) => <StateRow connection={connection} />}</QueryState>
      </Card.Body>
    </Card.Root>
  );
}

function StateRow({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const toggle = useToggleCalendar();
  const state = connection.state;
  const verb = state === 'activa' ? 'desactivar' : state === 'inactiva' ? 'activar' : null;
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Stack gap="1">
        <Text fontWeight="medium">{t('integrations_ui.calendar.integration')}</Text>
        <Badge alignSelf="flex-start" colorPalette={state ? PALETTE[state] : 'gray'} data-testid="calendar-state">
          {t(`integrations_ui.calendar.states.${state ?? 'none'}`)}
        </Badge>
      </Stack>
      {verb && (
        <Button
          minH="44px"
          variant={verb === 'activar' ? 'solid' : 'outline'}
          colorPalette="brand"
          loading={toggle.isPending}
          onClick={() => toggle.mutate(verb)}
          data-testid="calendar-toggle"
        >
          {t(verb === 'activar' ? 'integrations_ui.calendar.activate' : 'integrations_ui.calendar.deactivate')}
        </Button>
      )}
    </HStack>
  );
}

import type { ReactNode } from 'react';
import { Badge, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_NAMES, type IntegrationKind, type IntegrationState } from '#domain/integrations';
import type { ConnectionView } from '#domain/integrations-responses';
import { showSuccessToast } from '../../../api/notify.ts';
import { useSwitchConnection } from '../api/requests-api.ts';
import { ConfirmedButton } from './confirmed-button.tsx';
import { LinkButton } from './link-button.tsx';
import { RequestActivationButton } from './request-activation-button.tsx';

/** Each integration's page under config/integraciones (client/src/shared/route-manifest.ts). */
const PAGE_OF: Record<IntegrationKind, string> = {
  hubspot: '/config/integraciones/hubspot',
  procore: '/config/integraciones/procore',
  calendario: '/config/integraciones/scheduling',
};

export const STATE_COLOR: Record<IntegrationState | 'none', string> = {
  none: 'gray',
  solicitada: 'yellow',
  en_proceso: 'blue',
  activa: 'green',
  inactiva: 'gray',
};

/** A card of the index: a title, its kind, a state tag, one line of description and its actions. */
export function IndexCard(props: {
  title: string;
  kind: string;
  description: string;
  tag?: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  return (
    <Card.Root data-testid={props.testId}>
      <Card.Body>
        <Stack gap="3" h="full">
          <HStack justify="space-between" align="flex-start" gap="2">
            <Stack gap="0">
              <Heading size="md">{props.title}</Heading>
              <Text color="fg.muted" fontSize="sm">
                {props.kind}
              </Text>
            </Stack>
            {props.tag}
          </HStack>
          <Text flex="1">{props.description}</Text>
          <HStack gap="2" wrap="wrap">
            {props.actions}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** docs/product.md §2 config/integraciones: one integration with its state and what can be done with it now. */
export function IntegrationCard({ connection }: { connection: ConnectionView }) {
  const { t } = useTranslation();
  const { kind, state } = connection;
  const name = INTEGRATION_NAMES[kind];
  const toggle = useSwitchConnection();
  const on = state !== 'activa';
  const switchButton = state && state !== 'solicitada' && (
    <ConfirmedButton
      label={t(on ? 'integrations_ui.overview.activate' : 'integrations_ui.overview.deactivate')}
      title={t(on ? 'integrations_ui.overview.activate_title' : 'integrations_ui.overview.deactivate_title', { name })}
      body={t(on ? 'integrations_ui.overview.activate_body' : 'integrations_ui.overview.deactivate_body', { name })}
      danger={!on}
      busy={toggle.isPending}
      testId={`switch-${kind}`}
      onConfirm={(done) =>
        toggle.mutate(
          { kind, on },
          { onSuccess: (answer) => answer.message && showSuccessToast(answer.message), onSettled: done },
        )
      }
    />
  );
  return (
    <IndexCard
      testId={`integration-${kind}`}
      title={name}
      kind={t(`integrations_ui.overview.kinds.${kind}`)}
      description={t(`integrations_ui.overview.descriptions.${kind}`)}
      tag={
        <Badge colorPalette={STATE_COLOR[state ?? 'none']} data-testid={`state-${kind}`}>
          {t(`integrations_ui.overview.states.${state ?? 'none'}`)}
        </Badge>
      }
      actions={
        state ? (
          <>
            <LinkButton to={PAGE_OF[kind]}>{t('integrations_ui.overview.configure')}</LinkButton>
            {switchButton}
          </>
        ) : (
          <RequestActivationButton target={{ kind: 'integration', integration: kind }} />
        )
      }
    />
  );
}

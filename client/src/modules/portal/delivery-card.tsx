import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TEXT_MAX } from '#domain/limits';
import { canAnswer, type PortalDelivery } from './api/portal-api.ts';
import { useAnswerDelivery } from './api/portal-mutations.ts';
import { AnswerPanel, type AnswerHandler } from './answer-panel.tsx';
import { zonedDateTime } from './zoned-date.ts';

const STATE_COLOR: Record<PortalDelivery['state'], string> = {
  por_confirmar: 'blue',
  confirmada: 'green',
  rechazada: 'red',
  realizada: 'gray',
};
type CardProps = { delivery: PortalDelivery; busy: boolean; onAnswer: AnswerHandler };

/**
 * The owner's delivery appointment (docs/product.md §4 delivery schedule): when, in the company's time
 * zone, its state, and confirm or reject (with a reason) until the project's limit before it; after that
 * the buttons give way to the date the limit passed.
 */
function DeliveryCard({ delivery, busy, onAnswer }: CardProps) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => zonedDateTime(iso, i18n.language, delivery.time_zone);
  const may = canAnswer(delivery);
  const waiting = delivery.state === 'por_confirmar';
  const unit = [delivery.unit.tower, t('portal.unit', { number: delivery.unit.number })].filter(Boolean).join(' · ');
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      bg="bg"
      borderColor={waiting && may.confirm ? 'brand.solid' : undefined}
      data-testid="portal-delivery"
      data-state={delivery.state}
      aria-labelledby={`portal-delivery-${delivery.id}`}
    >
      <HStack gap="3" align="start">
        <Box color="brand.solid" pt="1">
          <KeyRound size={20} aria-hidden="true" />
        </Box>
        <Stack gap="1.5" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Heading as="h3" size="sm" id={`portal-delivery-${delivery.id}`}>
              {t('portal.delivery.title', { unit })}
            </Heading>
            <Badge variant="subtle" colorPalette={STATE_COLOR[delivery.state]} data-testid="portal-delivery-state">
              {t(`machines.deliverySchedule.states.${delivery.state}`)}
            </Badge>
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {delivery.project}
          </Text>
          <Text fontWeight="semibold" data-testid="portal-delivery-when">
            {when(delivery.start_at)}
          </Text>
          {may.confirm || may.reject ? (
            <Text textStyle="sm" color="fg.muted">
              {t('portal.delivery.answer_until', { date: when(delivery.deadline) })}
            </Text>
          ) : waiting ? (
            <Text textStyle="sm" color="fg.muted" data-testid="portal-delivery-closed">
              {t('portal.delivery.deadline_passed', { date: when(delivery.deadline) })}
            </Text>
          ) : null}
          {delivery.owner_decision_at && (delivery.state === 'confirmada' || delivery.state === 'rechazada') ? (
            <Text textStyle="sm" role="status">
              {t(`portal.delivery.you_${delivery.state}`, { date: when(delivery.owner_decision_at) })}
            </Text>
          ) : null}
          <AnswerPanel
            may={may}
            busy={busy}
            onAnswer={onAnswer}
            reasonMax={DELIVERY_TEXT_MAX}
            testId="portal-delivery"
            labels={{
              confirm: t('portal.delivery.confirm'),
              reject: t('portal.delivery.reject'),
              sendReject: t('portal.delivery.send_reject'),
              reason: t('portal.delivery.reason'),
              cancel: t('portal.cancel'),
            }}
          />
        </Stack>
      </HStack>
    </Box>
  );
}

/** The owner's delivery appointments, one answer hook for all of them (the portal home). */
export function DeliveryList({ deliveries }: { deliveries: PortalDelivery[] }) {
  const answer = useAnswerDelivery();
  return deliveries.map((d) => (
    <DeliveryCard
      key={d.id}
      delivery={d}
      busy={answer.isPending && answer.variables?.delivery.id === d.id}
      onAnswer={(decision, reason, settled) => answer.mutate({ delivery: d, decision, reason }, { onSettled: settled })}
    />
  ));
}

import { Card, Heading } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PinnablePlan } from '../../widgets/plan-pins/pinnable-plan.tsx';
import { portalPlanQuery } from './api/portal-api.ts';
import { usePortalPinFailure } from './api/portal-mutations.ts';

/** The owner places their ticket's failures on their unit type's plan (docs/product.md#defects-on-plans). */
export function PortalPlanCard({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const plan = useQuery(portalPlanQuery(ticketId));
  const pin = usePortalPinFailure(ticketId);
  return (
    <Card.Root size="sm" as="section" aria-labelledby="portal-plan-title" data-testid="portal-plan">
      <Card.Body>
        <Heading as="h2" size="sm" mb="2" id="portal-plan-title">
          {t('widgets.plan_pins.title')}
        </Heading>
        <PinnablePlan
          query={plan}
          busy={pin.isPending}
          save={(f, p, onSaved) => p && pin.mutate({ failureId: f.id, pin: p }, { onSuccess: onSaved })}
          removable={false}
        />
      </Card.Body>
    </Card.Root>
  );
}

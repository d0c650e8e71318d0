import { Card, Heading } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../widgets/query-state.tsx';
import { PlanBoard } from '../../widgets/plan-pins/plan-board.tsx';
import { showSuccessToast } from '../../api/notify.ts';
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
        <QueryState query={plan} minH="20vh">
          {(board) => (
            <PlanBoard
              board={board}
              busy={pin.isPending}
              onPin={(f, p) =>
                pin.mutate(
                  { failureId: f.id, pin: p },
                  { onSuccess: () => showSuccessToast(t('widgets.plan_pins.saved')) },
                )
              }
            />
          )}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}

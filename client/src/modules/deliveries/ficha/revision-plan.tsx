import { Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PinnablePlan } from '../../../widgets/plan-pins/pinnable-plan.tsx';
import { fichaPlanQuery } from '../api/ficha-api.ts';
import { usePinRevision } from '../api/ficha-tabs-api.ts';

/**
 * The revision tab's plan (docs/product.md#defects-on-plans): the unit's after-sales failures and the
 * revision's saved failures as numbered pins; the latter are placed here and keep their pin when passed
 * to after-sales.
 */
export function RevisionPlan({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const plan = useQuery(fichaPlanQuery(unitId));
  const pin = usePinRevision(unitId);
  return (
    <Stack gap="3" as="section" aria-labelledby="revision-plan-title" data-testid="revision-plan">
      <Heading as="h3" size="sm" id="revision-plan-title">
        {t('widgets.plan_pins.title')}
      </Heading>
      <PinnablePlan
        query={plan}
        busy={pin.isPending}
        save={(f, p, onSaved) => pin.mutate({ resultId: f.id, pin: p }, { onSuccess: onSaved })}
      />
    </Stack>
  );
}

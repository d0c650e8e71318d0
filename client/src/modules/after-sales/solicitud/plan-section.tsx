import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PinnablePlan } from '../../../widgets/plan-pins/pinnable-plan.tsx';
import { planQuery, usePinFailure, useTicketPdf } from '../api/plan-api.ts';

/**
 * The failures tab's plan (docs/product.md#defects-on-plans): the unit type's plan with every failure of
 * the unit as a numbered pin; this ticket's failures are placed here. Beside it, the ticket as a PDF.
 */
export function PlanSection({ ticketId, code }: { ticketId: number; code: string }) {
  const { t } = useTranslation();
  const plan = useQuery(planQuery(ticketId));
  const pin = usePinFailure(ticketId);
  const pdf = useTicketPdf(ticketId);
  return (
    <Stack gap="3" as="section" aria-labelledby="ticket-plan-title" data-testid="ticket-plan">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h3" size="sm" id="ticket-plan-title">
          {t('widgets.plan_pins.title')}
        </Heading>
        <Button
          size="sm"
          variant="outline"
          minH="44px"
          loading={pdf.isPending}
          onClick={() => pdf.mutate(t('after_sales_ui.plan.pdf_filename', { code }))}
          data-testid="ticket-pdf"
        >
          <FileDown size={16} />
          {t('after_sales_ui.plan.pdf')}
        </Button>
      </Flex>
      <PinnablePlan
        query={plan}
        busy={pin.isPending}
        save={(f, p, onSaved) => pin.mutate({ failureId: f.id, pin: p }, { onSuccess: onSaved })}
      />
    </Stack>
  );
}

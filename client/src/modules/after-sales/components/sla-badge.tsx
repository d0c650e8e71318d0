import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SlaStatus } from '#domain/sla';
import type { TicketRow } from '../api/types.ts';

type Sla = NonNullable<TicketRow['sla']>;

const PALETTE: Record<SlaStatus, string> = {
  on_time: 'green',
  due_soon: 'orange',
  overdue: 'red',
  paused: 'gray',
  met: 'green',
  missed: 'red',
  exempt: 'gray',
};

/** Minutes as the largest unit that reads well: "45 min", "5 h", "3 d". */
export function durationParts(minutes: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const m = Math.abs(minutes);
  if (m < 60) return { unit: 'minutes', count: m };
  if (m < 48 * 60) return { unit: 'hours', count: Math.floor(m / 60) };
  return { unit: 'days', count: Math.floor(m / (24 * 60)) };
}

/**
 * The ticket's clock (docs/product.md §4 Ticket clocks): time left, overdue by how long, paused, or the outcome
 * once stopped. `compact` leaves out which clock it is (the list's column says it in the title).
 */
export function SlaBadge({ sla, compact = false }: { sla: Sla | null | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  if (!sla) return null;
  const parts = durationParts(sla.remaining_minutes);
  const time = t(`after_sales_ui.sla.${parts.unit}`, { count: parts.count });
  const key = sla.status === 'paused' && sla.remaining_minutes < 0 ? 'paused_late' : sla.status;
  const text = t(`after_sales_ui.sla.status.${key}`, { time });
  const clock = t(`after_sales_ui.sla.clock.${sla.clock}`);
  const full = t('after_sales_ui.sla.label', { clock, text });
  return (
    <Badge
      colorPalette={PALETTE[sla.status]}
      variant={sla.status === 'overdue' ? 'solid' : 'subtle'}
      size="sm"
      maxW="full"
      whiteSpace="normal"
      lineHeight="short"
      title={full}
      aria-label={full}
      data-testid="sla-badge"
      data-status={sla.status}
    >
      {compact ? text : full}
    </Badge>
  );
}

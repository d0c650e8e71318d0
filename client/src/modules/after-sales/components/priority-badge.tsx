import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TicketPriority } from '#domain/schemas/after-sales';

const PALETTE: Record<TicketPriority, string> = { low: 'gray', medium: 'blue', high: 'orange', urgent: 'red' };

/** docs/product.md §3 priority (low, medium, high, urgent) as a coloured badge. */
export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[priority] ?? 'gray'} variant={priority === 'urgent' ? 'solid' : 'subtle'} size="sm">
      {t(`after_sales.priorities.${priority}`)}
    </Badge>
  );
}

import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CmPriority } from '#domain/cmanagement';

const PALETTE: Record<CmPriority, string> = { baja: 'gray', media: 'blue', alta: 'orange', urgente: 'red' };

export function PriorityBadge({ priority }: { priority: CmPriority }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[priority]} variant="subtle" size="sm">
      {t(`cmanagement_ui.priorities.${priority}`)}
    </Badge>
  );
}

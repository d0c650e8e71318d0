import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<string, string> = {
  creada: 'gray',
  agendada: 'blue',
  confirmada: 'green',
  cancelada: 'red',
  gestionada: 'purple',
  finalizada: 'teal',
};

export function OrderStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[state] ?? 'gray'} data-testid="order-state">
      {t(`after_sales.order_states.${state}`)}
    </Badge>
  );
}

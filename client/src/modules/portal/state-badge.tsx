import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<string, string> = {
  nueva: 'blue',
  abierta: 'teal',
  en_proceso: 'orange',
  postergada: 'gray',
  resuelta: 'purple',
  finalizada: 'green',
  no_aplica: 'gray',
  fusionada: 'gray',
};

/** The ticket state as the owner reads it: its name, not the staff's letter code. */
export function PortalStateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[state] ?? 'gray'} data-testid="portal-ticket-state">
      {t(`after_sales.states.${state}`)}
    </Badge>
  );
}

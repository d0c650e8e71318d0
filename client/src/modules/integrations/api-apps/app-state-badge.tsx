import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ApiAppState } from '#domain/api-apps';

/** An app's state: active (green) or revoked (gray). */
export function AppStateBadge({ state }: { state: ApiAppState }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={state === 'activa' ? 'green' : 'gray'} data-testid="api-app-state">
      {t(`integrations_ui.api_apps.states.${state}`)}
    </Badge>
  );
}

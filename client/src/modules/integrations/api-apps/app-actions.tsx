import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { MoreVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiAppRow } from '#domain/api-apps-responses';

export type AppAction = 'edit' | 'rotate' | 'revoke';

/** The row menu of an app: edit, rotate the secret, revoke; a revoked app has none. */
export function AppActions({ app, onAction }: { app: ApiAppRow; onAction: (action: AppAction) => void }) {
  const { t } = useTranslation();
  if (app.state !== 'activa') return null;
  return (
    <Menu.Root onSelect={(d) => onAction(d.value as AppAction)}>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          aria-label={t('integrations_ui.api_apps.actions_for', { name: app.name })}
          minW="11"
          minH="11"
          data-testid={`api-app-actions-${app.id}`}
        >
          <MoreVertical size={18} aria-hidden="true" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit">{t('integrations_ui.api_apps.edit')}</Menu.Item>
            <Menu.Item value="rotate">{t('integrations_ui.api_apps.rotate')}</Menu.Item>
            <Menu.Item value="revoke" color="fg.error">
              {t('integrations_ui.api_apps.revoke')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

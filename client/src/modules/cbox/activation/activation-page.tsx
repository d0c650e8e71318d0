import { Badge, Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CBOX_LIMITS, cboxFolderPath } from '#domain/cbox';
import type { ModuleStatus } from '#domain/integrations';
import { CONFIG_INTEGRATIONS, MODULE_PERMISSIONS } from '#domain/permissions';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { RequestActivationButton } from '../../integrations/index.ts';
import { cboxModuleStatusQuery } from '../api/explorer-api.ts';

/** What the library offers (docs/product.md §2 Cbox, §6 sharing), one line each. */
export const CBOX_FEATURES = ['explorer', 'preview', 'sharing', 'links', 'uploads', 'trash'] as const;

/** Statuses of a request on its way: asking again would repeat it. */
const PENDING: ReadonlySet<ModuleStatus> = new Set(['solicitado', 'en_proceso']);

/**
 * /cbox/activation: what Cbox is and, for a company without it, the request to the provider
 * (biblioteca_solicitar_activacion). Reachable without modulo_biblioteca: it is where the area sends whoever lacks
 * it. The company's module status words it: active (open the library, or ask for access), requested, or off.
 */
export function ActivationPage() {
  const { t } = useTranslation();
  const status = useQuery(cboxModuleStatusQuery);
  const hasAccess = useCan(MODULE_PERMISSIONS.cbox);
  const mayRequest = useCan(CONFIG_INTEGRATIONS);
  return (
    <Stack gap="5" maxW="3xl" data-testid="cbox-activation">
      <Heading as="h1" size="xl">
        {t('cbox_ui.activation.title')}
      </Heading>
      <Text>{t('cbox_ui.activation.intro')}</Text>
      <List.Root gap="1" ps="5">
        {CBOX_FEATURES.map((f) => (
          <List.Item key={f}>{t(`cbox_ui.activation.features.${f}`, { days: CBOX_LIMITS.trashDays })}</List.Item>
        ))}
      </List.Root>
      <Box borderWidth="1px" borderRadius="md" p="4" aria-live="polite">
        {status.isPending ? (
          <PageSpinner minH="4rem" />
        ) : status.data?.is_active ? (
          <Stack gap="3" align="flex-start" data-testid="cbox-activation-active">
            <Text fontWeight="medium">{t('cbox_ui.activation.active')}</Text>
            {hasAccess ? (
              <Button asChild colorPalette="brand">
                <Link to={cboxFolderPath()}>{t('cbox_ui.activation.open')}</Link>
              </Button>
            ) : (
              <Text color="fg.muted">{t('cbox_ui.activation.no_access')}</Text>
            )}
          </Stack>
        ) : status.data && PENDING.has(status.data.status) ? (
          <Stack gap="2" align="flex-start" data-testid="cbox-activation-pending">
            <Badge colorPalette="orange">{status.data.label}</Badge>
            <Text>{t('cbox_ui.activation.pending')}</Text>
          </Stack>
        ) : (
          <Stack gap="3" align="flex-start" data-testid="cbox-activation-inactive">
            <Text fontWeight="medium">{t('cbox_ui.activation.inactive')}</Text>
            {mayRequest ? (
              <RequestActivationButton
                target={{ kind: 'module', module: 'biblioteca' }}
                label={t('cbox_ui.activation.request')}
              />
            ) : (
              <Text color="fg.muted">{t('cbox_ui.activation.ask_admin')}</Text>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

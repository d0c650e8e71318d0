import { HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { activityQuery, type Activity } from '../api/ficha-api.ts';
import { useUnitId } from './use-unit-id.ts';

/** 'ficha.deliver' → the machine's event words; 'owners.add' → the deliveries action words. */
function actionText(a: Activity, t: (k: string, o?: Record<string, unknown>) => string): string {
  const [scope, verb] = a.action.split('.');
  if (scope === 'ficha' && verb && verb !== 'assign')
    return t(`machines.ficha.events.${verb}`, { defaultValue: a.action });
  if (scope === 'schedule' && verb) return t(`machines.deliverySchedule.events.${verb}`, { defaultValue: a.action });
  return t(`deliveries.actions.${a.action.replace(/\./g, '_')}`, { defaultValue: a.action });
}

/** docs/product.md §2 actividad / §9: the ficha's history, last 50 records, newest first. */
export function FichaActividadTab() {
  const { t, i18n } = useTranslation();
  const unitId = useUnitId();
  const query = useQuery(activityQuery(unitId));
  if (query.isPending) return <PageSpinner minH="20vh" />;
  const rows = (query.data ?? []).slice(0, 50);
  if (!rows.length) return <Text color="fg.muted">{t('deliveries_ui.activity.empty')}</Text>;
  return (
    <Stack gap="2" data-testid="ficha-activity">
      {rows.map((a) => (
        <HStack key={a.id} gap="3" align="flex-start" borderBottomWidth="1px" pb="2">
          <Text textStyle="xs" color="fg.muted" minW="32">
            {dateTimeText(a.created_at, i18n.language)}
          </Text>
          <Text textStyle="sm">
            <Text as="span" fontWeight="medium">
              {a.user?.full_name ?? t('deliveries_ui.activity.system')}
            </Text>{' '}
            {actionText(a, t)}
            {a.to_state ? ` → ${t(`machines.ficha.states.${a.to_state}`, { defaultValue: a.to_state })}` : ''}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

import { Card, Grid, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { absoluteFileUrl } from '../../../widgets/upload/upload-api.ts';
import { dateText, dateTimeText } from '../../../widgets/date-text.ts';
import { receptionQuery } from '../api/ficha-api.ts';
import { useUnitId } from './use-unit-id.ts';

function Signature({ label, path }: { label: string; path: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      {path ? (
        <Image
          src={absoluteFileUrl(path)}
          alt={label}
          maxH="32"
          objectFit="contain"
          borderWidth="1px"
          borderRadius="md"
          bg="white"
        />
      ) : (
        <Text textStyle="sm">{t('deliveries_ui.reception.no_signature')}</Text>
      )}
    </Stack>
  );
}

/** docs/product.md §2 recepcion: what the delivery dialog recorded (date, who received, comments, signatures). */
export function RecepcionTab() {
  const { t, i18n } = useTranslation();
  const unitId = useUnitId();
  const query = useQuery(receptionQuery(unitId));
  if (query.isPending) return <PageSpinner minH="20vh" />;
  const r = query.data;
  if (!r?.recorded_at)
    return (
      <Text color="fg.muted" data-testid="reception-empty">
        {t('deliveries_ui.reception.empty')}
      </Text>
    );
  return (
    <Card.Root>
      <Card.Body>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" data-testid="reception">
          <Stack gap="0">
            <Text textStyle="xs" color="fg.muted">
              {t('deliveries_ui.deliver.delivery_date')}
            </Text>
            <Text>{dateText(r.delivery_date, i18n.language)}</Text>
          </Stack>
          <Stack gap="0">
            <Text textStyle="xs" color="fg.muted">
              {t('deliveries_ui.reception.recorded')}
            </Text>
            <Text>
              {[dateTimeText(r.recorded_at, i18n.language), r.delivered_by?.full_name].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Stack gap="0">
            <Text textStyle="xs" color="fg.muted">
              {t('deliveries_ui.deliver.attendees')}
            </Text>
            {r.attendees.map((a) => (
              <Text
                key={a.owner_id}
              >{`${[a.name, a.last_name].filter(Boolean).join(' ')} (${t(`deliveries.roles.${a.role}`)})`}</Text>
            ))}
          </Stack>
          <Stack gap="0">
            <Text textStyle="xs" color="fg.muted">
              {t('deliveries_ui.deliver.receiver_comment')}
            </Text>
            <Text>{r.receiver_comment || '—'}</Text>
          </Stack>
          <Stack gap="0">
            <Text textStyle="xs" color="fg.muted">
              {t('deliveries_ui.deliver.observations')}
            </Text>
            <Text>{r.observations || '—'}</Text>
          </Stack>
          <span />
          <Signature label={t('deliveries_ui.deliver.owner_signature')} path={r.owner_signature_path} />
          <Signature
            label={t('deliveries_ui.deliver.representative_signature')}
            path={r.representative?.signature_path}
          />
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

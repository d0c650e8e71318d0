import type { ReactNode } from 'react';
import { Card, Grid, Heading, HStack, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '#domain/billing-responses';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { megabytesText, moneyText } from '../billing-figures.ts';
import { Figure } from './figure.tsx';

const T = 'billing.page.plan';

/** The company's plan: its name, modules (labelled as the profiles screen labels them), prices, quota and terms. */
export function PlanCard({ plan, actions }: { plan: PlanView | null; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Card.Root as="section" aria-labelledby="billing-plan-title" data-testid="billing-plan">
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text textStyle="sm" color="fg.muted" id="billing-plan-title">
              {t(`${T}.title`)}
            </Text>
            <Heading as="h2" size="lg" data-testid="billing-plan-name">
              {plan ? plan.name : t(`${T}.none_title`)}
            </Heading>
          </Stack>
          {actions}
        </HStack>
        {plan === null ? (
          <Text color="fg.muted" data-testid="billing-no-plan">
            {t(`${T}.none_body`)}
          </Text>
        ) : (
          <>
            <Stack gap="1">
              <Text textStyle="sm" fontWeight="medium">
                {t(`${T}.modules`)}
              </Text>
              {plan.modules.length ? (
                <Wrap gap="1.5" data-testid="billing-plan-modules">
                  {plan.modules.map((m) => (
                    <Tag.Root key={m} size="md" colorPalette="brand" variant="subtle">
                      <Tag.Label>{t(`permission_groups.${m}`)}</Tag.Label>
                    </Tag.Root>
                  ))}
                </Wrap>
              ) : (
                <Text textStyle="sm" color="fg.muted">
                  {t(`${T}.no_modules`)}
                </Text>
              )}
            </Stack>
            <Grid
              templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' }}
              gap="3"
            >
              <Figure label={t(`${T}.base_price`)}>{moneyText(plan.base_price, plan.currency)}</Figure>
              <Figure label={t(`${T}.price_per_user`)}>{moneyText(plan.price_per_user, plan.currency)}</Figure>
              <Figure label={t(`${T}.storage_quota`)}>
                {plan.storage_quota_mb === null ? t(`${T}.no_quota`) : megabytesText(plan.storage_quota_mb)}
              </Figure>
              <Figure label={t(`${T}.storage_overage_price`)}>
                {moneyText(plan.storage_overage_price, plan.currency)}
              </Figure>
              <Figure label={t(`${T}.due_days`)}>{t(`${T}.due_days_value`, { count: plan.due_days })}</Figure>
            </Grid>
            <Text textStyle="xs" color="fg.muted">
              {t(`${T}.updated_at`, { date: dateTimeText(plan.updated_at, i18n.language) })}
            </Text>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

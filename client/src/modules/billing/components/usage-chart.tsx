import { useTranslation } from 'react-i18next';
import type { MonthUsage } from '#domain/billing-responses';
import { formatNumber } from '../../../shared/format.ts';
import { BarChart } from '../../../widgets/charts/index.ts';
import { chronological, periodText } from '../billing-figures.ts';

/** Active users per month, oldest on the left. */
export function UsageChart({ usage }: { usage: MonthUsage[] }) {
  const { t, i18n } = useTranslation();
  const data = chronological(usage).map((m) => ({ period: m.period, active_users: m.active_users }));
  return (
    <BarChart
      data={data}
      xKey="period"
      series={[{ key: 'active_users', label: t('billing.page.usage.metrics.active_users') }]}
      label={t('billing.page.usage.chart')}
      xLabel={t('billing.page.usage.period')}
      height={220}
      valueFormat={(v: number) => formatNumber(v, { precision: 0 })}
      xFormat={(p: string) => periodText(p, i18n.language)}
      testId="billing-usage-chart"
    />
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Field, Flex, Input, Popover, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#domain/format';
import type { CboxSummary } from '#domain/cbox-responses';
import { cboxSummaryQuery } from '../api/explorer-api.ts';
import { useSetQuota } from '../api/explorer-mutations.ts';

/** Above this share of the quota the bar turns to a warning (docs/product.md §9 library quota). */
export const QUOTA_WARNING_RATIO = 0.9;
/** The warning's colour: darker than fg.error, which misses the contrast ratio on the page's background (axe). */
const WARNING_COLOR = 'red.700';
const GIB = 1024 ** 3;

/** Storage used against the company's quota; administrators change the quota from here. */
export function QuotaBar() {
  const { t } = useTranslation();
  const summary = useQuery(cboxSummaryQuery);
  if (!summary.data) return null;
  const { used_bytes, quota_bytes, is_admin } = summary.data;
  const ratio = quota_bytes > 0 ? used_bytes / quota_bytes : 1;
  const warn = ratio > QUOTA_WARNING_RATIO;
  const label = t('cbox_ui.quota.used', { used: formatBytes(used_bytes), quota: formatBytes(quota_bytes) });
  return (
    <Stack gap="1" minW={{ base: 'full', sm: '16rem' }} data-testid="cbox-quota" data-warning={warn || undefined}>
      <Flex justify="space-between" align="center" gap="2">
        <Text textStyle="sm" color={warn ? WARNING_COLOR : 'fg.muted'}>
          {label}
        </Text>
        {is_admin ? <QuotaEditor summary={summary.data} /> : null}
      </Flex>
      <Progress.Root
        value={Math.min(100, Math.round(ratio * 100))}
        size="sm"
        colorPalette={warn ? 'red' : 'brand'}
        aria-label={label}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {warn ? (
        <Text textStyle="xs" color={WARNING_COLOR}>
          {t('cbox_ui.quota.warning')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The quota in GB; empty goes back to the deployment's default. */
function QuotaEditor({ summary }: { summary: CboxSummary }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(String(Math.round((summary.quota_bytes / GIB) * 10) / 10));
  const [error, setError] = useState<string>();
  const save = useSetQuota();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim().replace(',', '.');
    const gb = trimmed === '' ? null : Number(trimmed);
    if (gb !== null && (!Number.isFinite(gb) || gb < 0)) return setError(t('cbox_ui.quota.invalid'));
    setError(undefined);
    save.mutate(gb === null ? null : Math.round(gb * GIB), { onSuccess: () => setOpen(false) });
  };
  return (
    <Popover.Root open={open} onOpenChange={(d) => setOpen(d.open)} lazyMount>
      <Popover.Trigger asChild>
        <Button size="xs" variant="ghost" data-testid="cbox-quota-edit">
          {t('cbox_ui.quota.edit')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="calc(100vw - 16px)">
            <Popover.Body>
              <Stack as="form" gap="3" onSubmit={submit}>
                <Field.Root invalid={Boolean(error)}>
                  <Field.Label>{t('cbox_ui.quota.label_gb')}</Field.Label>
                  <Input inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} />
                  <Field.HelperText>{t('cbox_ui.quota.helper')}</Field.HelperText>
                  {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
                </Field.Root>
                <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending}>
                  {t('cbox_ui.quota.save')}
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

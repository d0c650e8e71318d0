import { Badge, Box, Button, Flex, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FailureEventType } from '#machines/failure';
import type { FailureView } from '../api/types.ts';
import type { FailureActionEvent } from '../api/work-api.ts';
import { dateText } from '../../../widgets/date-text.ts';
import { AttachmentGallery, type AttachmentGalleryProps } from '../../../widgets/upload/attachment-gallery.tsx';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { OUTCOME_EVENTS, failureEventsAllowed } from '../components/work-machines.ts';

const STATE_PALETTE: Record<string, string> = {
  pendiente: 'gray',
  falla: 'red',
  cumple: 'green',
  no_aplica: 'gray',
  solucionada: 'green',
  solucionada_postventa: 'teal',
};
const SEVERITY_PALETTE: Record<string, string> = { leve: 'yellow', moderada: 'orange', grave: 'red' };
/** Outcomes offered in the result menu; "not applicable" has its own button (docs/product.md §4 close as not applicable). */
const OUTCOMES = ['cumple', 'falla', 'solucionada', 'solucionada_postventa'] as const;
const ACTIONS: FailureActionEvent[] = [
  'failure.markNotApplicable',
  'failure.markToOwner',
  'failure.reopen',
  'failure.reenter',
];

const actionLabel = (event: FailureActionEvent) => `after_sales_ui.failures.actions.${event.slice(8)}`;

type Props = {
  failure: FailureView;
  isWorking: boolean;
  canManage: boolean;
  /** Which of this failure's writes is being sent. */
  busy: { outcome: boolean; remove: boolean };
  onOutcome: (outcome: string) => void;
  /** An action that takes a note: the list asks for it (FailurePrompt). */
  onAction: (event: FailureActionEvent) => void;
  onRemove: () => void;
  /** "Marcar" on the failure's photos, for whoever may add one. */
  onMarkup?: AttachmentGalleryProps['onMarkup'];
};

/**
 * One failure: catalogue path, severity, computed guarantee (vigente/vencida), AC and orders, and the
 * machine's actions; the list sends them (one hook for all its failures).
 */
export function FailureCard({ failure, isWorking, canManage, busy, onOutcome, onAction, onRemove, onMarkup }: Props) {
  const { t, i18n } = useTranslation();
  const allowed = failureEventsAllowed(failure);
  const outcomes = OUTCOMES.filter((o) => allowed.includes(OUTCOME_EVENTS[o] as FailureEventType));
  const actions = ACTIONS.filter((a) => allowed.includes(a));
  const g = failure.guarantee;

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid="failure-card" data-state={failure.state}>
      <Flex gap="3" justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold">
            {failure.place.name} › {failure.item.name} › {failure.detail.name}
          </Text>
          {failure.description ? (
            <Text textStyle="sm" color="fg.muted">
              {failure.description}
            </Text>
          ) : null}
          {failure.attachments.length ? (
            <AttachmentGallery
              files={failure.attachments}
              label={t('after_sales_ui.form.attachments')}
              onMarkup={onMarkup}
            />
          ) : null}
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={STATE_PALETTE[failure.state] ?? 'gray'} data-testid="failure-state">
              {t(`after_sales.failure_states.${failure.state}`)}
            </Badge>
            <Badge colorPalette={SEVERITY_PALETTE[failure.severity] ?? 'gray'} variant="subtle">
              {t(`after_sales.severities.${failure.severity}`, { defaultValue: failure.severity })}
            </Badge>
            <Badge
              variant="outline"
              colorPalette={g.in_force ? 'green' : 'red'}
              data-testid="failure-guarantee"
              data-in-force={g.in_force}
              title={t('after_sales_ui.failures.guarantee_detail', {
                category: t(`after_sales.categories.${g.category}`, { defaultValue: g.category }),
                count: g.years,
                start: dateText(g.start_date, i18n.language),
              })}
            >
              {g.in_force
                ? t('after_sales_ui.failures.in_force', { date: dateText(g.end_date, i18n.language) })
                : t('after_sales_ui.failures.expired', { date: dateText(g.end_date, i18n.language) })}
            </Badge>
            {failure.ac ? (
              <Badge variant="subtle">
                {failure.ac.code} · {t(`after_sales.ac_states.${failure.ac.state}`)}
              </Badge>
            ) : null}
            {failure.orders.map((o) => (
              <Badge key={o.id} variant="subtle" colorPalette="blue">
                {o.code}
                {o.result ? ` · ${t(`after_sales.failure_states.${o.result}`)}` : ''}
              </Badge>
            ))}
            {failure.marked_to_owner_at ? (
              <Badge colorPalette="purple" variant="subtle">
                {t('after_sales_ui.failures.owner_charge')}
              </Badge>
            ) : null}
            {failure.reentered_count ? (
              <Badge colorPalette="orange" variant="subtle">
                {t('after_sales_ui.failures.reentered', { count: failure.reentered_count })}
              </Badge>
            ) : null}
          </HStack>
        </Stack>
        {canManage && isWorking ? (
          <HStack gap="1" flexShrink={0} align="start" wrap="wrap">
            {outcomes.length ? (
              <Menu.Root onSelect={(d) => onOutcome(d.value)}>
                <Menu.Trigger asChild>
                  <Button size="xs" variant="outline" loading={busy.outcome} data-testid="failure-outcome">
                    {t('after_sales_ui.failures.record')}
                    <ChevronDown size={14} />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      {outcomes.map((o) => (
                        <Menu.Item key={o} value={o}>
                          {t(`after_sales.failure_states.${o}`)}
                        </Menu.Item>
                      ))}
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            ) : null}
            {actions.map((a) => (
              <Button key={a} size="xs" variant="ghost" onClick={() => onAction(a)} data-testid={`failure-${a}`}>
                {t(actionLabel(a))}
              </Button>
            ))}
            {failure.state === 'pendiente' && !failure.orders.some((o) => o.result) ? (
              <Button size="xs" variant="ghost" colorPalette="red" loading={busy.remove} onClick={onRemove}>
                {t('after_sales_ui.failures.delete')}
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Flex>
    </Box>
  );
}

type PromptProps = {
  prompt: { failure: FailureView; event: FailureActionEvent } | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (comment: string | undefined) => void;
};

/** The note a failure action takes (one dialog for the list); reopening says which AC it deletes. */
export function FailurePrompt({ prompt, busy, onClose, onConfirm }: PromptProps) {
  const { t } = useTranslation();
  const label = prompt ? t(actionLabel(prompt.event)) : '';
  const ac = prompt?.failure.ac;
  return (
    <TextPromptDialog
      open={prompt !== null}
      title={label}
      description={
        prompt?.event === 'failure.reopen' && ac
          ? t('after_sales_ui.failures.reopen_deletes_ac', { code: ac.code })
          : undefined
      }
      label={t('after_sales_ui.failures.comment')}
      confirmLabel={label}
      maxLength={1000}
      busy={busy}
      onClose={onClose}
      onConfirm={(comment) => onConfirm(comment || undefined)}
    />
  );
}

import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FailureEventType } from '#machines/failure';
import { useCan } from '../../../shared/session/auth-user.ts';
import { warrantyKeys } from '../api/keys.ts';
import type { FailureView } from '../api/types.ts';
import { failuresApi, type FailureActionEvent } from '../api/work-api.ts';
import { dateText } from '../components/dates.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { OUTCOME_EVENTS, failureEventsAllowed } from '../components/work-machines.ts';

const STATE_PALETTE: Record<string, string> = { pendiente: 'gray', falla: 'red', cumple: 'green', no_aplica: 'gray', solucionada: 'green', solucionada_postventa: 'teal' };
const SEVERITY_PALETTE: Record<string, string> = { leve: 'yellow', moderada: 'orange', grave: 'red' };
/** Outcomes offered in the result menu; "not applicable" has its own button (docs/product.md §4 close as not applicable). */
const OUTCOMES = ['cumple', 'falla', 'solucionada', 'solucionada_postventa'] as const;
const ACTIONS: FailureActionEvent[] = ['failure.markNotApplicable', 'failure.markToOwner', 'failure.reopen', 'failure.reenter'];

/** One failure: catalogue path, severity, computed guarantee (vigente/vencida), AC and orders, and the machine's actions. */
export function FailureCard({ ticketId, failure, isWorking }: { ticketId: number; failure: FailureView; isWorking: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = useCan('postventa_gestionar');
  const [prompt, setPrompt] = useState<FailureActionEvent | null>(null);
  const allowed = failureEventsAllowed(failure);
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: warrantyKeys.ticket(ticketId) });
    void queryClient.invalidateQueries({ queryKey: warrantyKeys.lists() });
    setPrompt(null);
  };
  const outcome = useMutation({ mutationFn: (o: string) => failuresApi.outcome(ticketId, failure.id, o), onSuccess: done });
  const action = useMutation({ mutationFn: ({ event, comment }: { event: FailureActionEvent; comment?: string }) => failuresApi.action(ticketId, failure.id, event, comment), onSuccess: done });
  const remove = useMutation({ mutationFn: () => failuresApi.remove(ticketId, failure.id), onSuccess: done });
  const outcomes = OUTCOMES.filter((o) => allowed.includes(OUTCOME_EVENTS[o] as FailureEventType));
  const actions = ACTIONS.filter((a) => allowed.includes(a));
  const g = failure.guarantee;

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid="failure-card" data-state={failure.state}>
      <Flex gap="3" justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold">{failure.place.name} › {failure.item.name} › {failure.detail.name}</Text>
          {failure.description ? <Text textStyle="sm" color="fg.muted">{failure.description}</Text> : null}
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={STATE_PALETTE[failure.state] ?? 'gray'} data-testid="failure-state">{t(`warranties.failure_states.${failure.state}`)}</Badge>
            <Badge colorPalette={SEVERITY_PALETTE[failure.severity] ?? 'gray'} variant="subtle">{t(`warranties.severities.${failure.severity}`, { defaultValue: failure.severity })}</Badge>
            <Badge variant="outline" colorPalette={g.in_force ? 'green' : 'red'} data-testid="failure-guarantee" data-in-force={g.in_force}
              title={t('warranties_ui.failures.guarantee_detail', { category: t(`warranties.categories.${g.category}`, { defaultValue: g.category }), count: g.years, start: dateText(g.start_date, i18n.language) })}>
              {g.in_force ? t('warranties_ui.failures.in_force', { date: dateText(g.end_date, i18n.language) }) : t('warranties_ui.failures.expired', { date: dateText(g.end_date, i18n.language) })}
            </Badge>
            {failure.ac ? <Badge variant="subtle">{failure.ac.code} · {t(`warranties.ac_states.${failure.ac.state}`)}</Badge> : null}
            {failure.orders.map((o) => <Badge key={o.id} variant="subtle" colorPalette="blue">{o.code}{o.result ? ` · ${t(`warranties.failure_states.${o.result}`)}` : ''}</Badge>)}
            {failure.marked_to_owner_at ? <Badge colorPalette="purple" variant="subtle">{t('warranties_ui.failures.owner_charge')}</Badge> : null}
            {failure.reentered_count ? <Badge colorPalette="orange" variant="subtle">{t('warranties_ui.failures.reentered', { count: failure.reentered_count })}</Badge> : null}
          </HStack>
        </Stack>
        {canManage && isWorking ? (
          <HStack gap="1" flexShrink={0} align="start" wrap="wrap">
            {outcomes.length ? (
              <Menu.Root onSelect={(d) => outcome.mutate(d.value)}>
                <Menu.Trigger asChild>
                  <Button size="xs" variant="outline" loading={outcome.isPending} data-testid="failure-outcome">
                    {t('warranties_ui.failures.record')}<ChevronDown size={14} />
                  </Button>
                </Menu.Trigger>
                <Portal><Menu.Positioner><Menu.Content>
                  {outcomes.map((o) => <Menu.Item key={o} value={o}>{t(`warranties.failure_states.${o}`)}</Menu.Item>)}
                </Menu.Content></Menu.Positioner></Portal>
              </Menu.Root>
            ) : null}
            {actions.map((a) => (
              <Button key={a} size="xs" variant="ghost" onClick={() => setPrompt(a)} data-testid={`failure-${a}`}>
                {t(`warranties_ui.failures.actions.${a.slice(8)}`)}
              </Button>
            ))}
            {failure.state === 'pendiente' && !failure.orders.some((o) => o.result) ? (
              <Button size="xs" variant="ghost" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate()}>{t('warranties_ui.failures.delete')}</Button>
            ) : null}
          </HStack>
        ) : null}
      </Flex>
      <TextPromptDialog open={prompt !== null} title={prompt ? t(`warranties_ui.failures.actions.${prompt.slice(8)}`) : ''}
        description={prompt === 'failure.reopen' && failure.ac ? t('warranties_ui.failures.reopen_deletes_ac', { code: failure.ac.code }) : undefined}
        label={t('warranties_ui.failures.comment')} confirmLabel={prompt ? t(`warranties_ui.failures.actions.${prompt.slice(8)}`) : ''} maxLength={1000}
        busy={action.isPending} onClose={() => setPrompt(null)} onConfirm={(comment) => prompt && action.mutate({ event: prompt, comment: comment || undefined })} />
    </Box>
  );
}

import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OrderEventType } from '#machines/order';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../shared/session/auth-user.ts';
import { warrantyKeys } from '../api/keys.ts';
import type { OrderView } from '../api/types.ts';
import { ordersApi, ordersQuery, type OrderActionEvent } from '../api/work-api.ts';
import { dateTimeText } from '../components/dates.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { durationText } from '../components/time-picker.tsx';
import { orderEventsAllowed } from '../components/work-machines.ts';
import { useOrderKind } from './order-kind.ts';
import { OrderStateBadge } from './order-state-badge.tsx';
import { useTicket } from './use-ticket.ts';

const ACTIONS: OrderActionEvent[] = ['order.confirm', 'order.reject', 'order.unschedule', 'order.cancel', 'order.finish'];
const NEEDS_REASON: OrderEventType[] = ['order.reject', 'order.cancel'];

function OrderRow({ order, base }: { order: OrderView; base: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = useCan('postventa_gestionar');
  const [prompt, setPrompt] = useState<OrderActionEvent | null>(null);
  const allowed = orderEventsAllowed(order);
  const act = useMutation({
    mutationFn: ({ event, reason }: { event: OrderActionEvent; reason?: string }) => ordersApi.action(order.ticket_id, order.kind, order.id, event, reason),
    onSuccess: () => { void queryClient.invalidateQueries({ queryKey: warrantyKeys.ticket(order.ticket_id) }); setPrompt(null); },
  });
  const isOpen = !['gestionada', 'finalizada', 'cancelada'].includes(order.state);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid="order-row" data-order-id={order.id}>
      <Flex gap="3" justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{order.code}</Text>
            <OrderStateBadge state={order.state} />
            {order.owner_decision ? <Badge variant="subtle" colorPalette={order.owner_decision === 'confirmada' ? 'green' : 'red'}>
              {t('warranties_ui.orders.owner_decision', { decision: t(`warranties_ui.orders.decisions.${order.owner_decision}`, { defaultValue: order.owner_decision }) })}
            </Badge> : null}
          </HStack>
          <Text textStyle="sm">
            {order.start_at ? `${dateTimeText(order.start_at, i18n.language)} · ${durationText(order.duration_minutes ?? 0, t)}` : t('warranties_ui.orders.unscheduled')}
            {' · '}{order.responsible?.full_name ?? t('warranties_ui.unassigned')}
          </Text>
          <Text textStyle="xs" color="fg.muted">{t('warranties_ui.orders.failures_count', { count: order.failures.length })}
            {order.owner_window.deadline && isOpen ? ` · ${t('warranties_ui.orders.owner_deadline', { date: dateTimeText(order.owner_window.deadline, i18n.language) })}` : ''}</Text>
        </Stack>
        {canManage ? (
          <HStack gap="1" wrap="wrap" align="start" flexShrink={0}>
            {isOpen && order.state !== 'gestionada' ? (
              <Button asChild size="xs" variant="outline"><RouterLink to={`${base}/editar/${order.id}`}>{t('warranties_ui.orders.edit')}</RouterLink></Button>
            ) : null}
            {allowed.includes('order.manage') ? (
              <Button asChild size="xs" colorPalette="brand" data-testid="order-manage"><RouterLink to={`${base}/gestionar/${order.id}`}>{t('warranties_ui.orders.manage')}</RouterLink></Button>
            ) : null}
            {ACTIONS.filter((a) => allowed.includes(a)).map((a) => (
              <Button key={a} size="xs" variant="ghost" loading={act.isPending && act.variables?.event === a} data-testid={`order-${a}`}
                onClick={() => (NEEDS_REASON.includes(a) ? setPrompt(a) : act.mutate({ event: a }))}>
                {t(`warranties_ui.orders.actions.${a.slice(6)}`)}
              </Button>
            ))}
          </HStack>
        ) : null}
      </Flex>
      <TextPromptDialog open={prompt !== null} title={prompt ? t(`warranties_ui.orders.actions.${prompt.slice(6)}`) : ''}
        label={t('warranties_ui.orders.reason')} confirmLabel={prompt ? t(`warranties_ui.orders.actions.${prompt.slice(6)}`) : ''} maxLength={500}
        danger busy={act.isPending} onClose={() => setPrompt(null)} onConfirm={(reason) => prompt && act.mutate({ event: prompt, reason: reason || undefined })} />
    </Box>
  );
}

/** docs/product.md §2 solicitud/{id}/oi and /ot list. */
export function OrdersTab() {
  const { t } = useTranslation();
  const ticket = useTicket();
  const { kind, segment } = useOrderKind();
  const canManage = useCan('postventa_gestionar');
  const orders = useQuery(ordersQuery(ticket.id, kind));
  const base = `/warranties/solicitud/${ticket.id}/${segment}`;
  const rows = orders.data ?? [];
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text color="fg.muted" textStyle="sm">{t(`warranties_ui.orders.${segment}_intro`)}</Text>
        {canManage && ['nueva', 'abierta', 'en_proceso'].includes(ticket.state) ? (
          <Button asChild colorPalette="brand" size="sm" data-testid="order-new">
            <RouterLink to={`${base}/crear`}><Plus size={16} />{t(`warranties_ui.orders.new_${segment}`)}</RouterLink>
          </Button>
        ) : null}
      </Flex>
      {orders.isPending ? <PageSpinner minH="20vh" /> : !rows.length ? <Text color="fg.muted">{t(`warranties_ui.orders.empty_${segment}`)}</Text>
        : rows.map((o) => <OrderRow key={o.id} order={o} base={base} />)}
    </Stack>
  );
}

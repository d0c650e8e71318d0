import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OrderEventType } from '#machines/order';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { useCan } from '../../../api/session/auth-user.ts';
import { useOrderAction } from '../api/order-mutations.ts';
import type { OrderView } from '../api/types.ts';
import { ordersQuery, type OrderActionEvent } from '../api/work-api.ts';
import { dateTimeText } from '../../../widgets/date-text.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { durationText } from '../../../widgets/time-picker.tsx';
import { isTicketWorking } from '../components/ticket-machine.ts';
import { isOrderOpen, orderEventsAllowed } from '../components/work-machines.ts';
import { useOrderKind } from './order-kind.ts';
import { OrderStateBadge } from './order-state-badge.tsx';
import { useTicket } from './use-ticket.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { AttachmentGallery, type AttachmentGalleryProps } from '../../../widgets/upload/attachment-gallery.tsx';
import { useMarkupHandlers } from '../api/photo-mutations.ts';

const ACTIONS: OrderActionEvent[] = [
  'order.confirm',
  'order.reject',
  'order.unschedule',
  'order.cancel',
  'order.finish',
];
const NEEDS_REASON: OrderEventType[] = ['order.reject', 'order.cancel'];

type RowProps = {
  order: OrderView;
  base: string;
  canManage: boolean;
  /** The action being sent for this row, if any. */
  pending: OrderActionEvent | null;
  onAction: (event: OrderActionEvent) => void;
  /** "Marcar" on a result's photos, for whoever may record results. */
  markupOf?: (failureId: number) => AttachmentGalleryProps['onMarkup'];
};

/** The visit's result per failure, with its photos inline (docs/product.md §4 order management). */
function OrderResults({ order, markupOf }: Pick<RowProps, 'order' | 'markupOf'>) {
  const { t } = useTranslation();
  const judged = order.failures.filter((f) => f.result || f.attachments.length);
  if (!judged.length) return null;
  return (
    <Stack gap="2" mt="1" data-testid="order-results">
      {judged.map((f) => (
        <Box key={f.id} data-testid="order-result">
          <Text textStyle="xs">
            {f.place} › {f.item} › {f.detail}
            {f.result ? ` · ${t(`after_sales.failure_states.${f.result}`)}` : ''}
            {f.comment ? ` · «${f.comment}»` : ''}
          </Text>
          {f.attachments.length ? (
            <AttachmentGallery
              files={f.attachments}
              label={t('after_sales_ui.orders.result_photos_of', { failure: f.detail })}
              onMarkup={markupOf?.(f.id)}
            />
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

function OrderRow({ order, base, canManage, pending, onAction, markupOf }: RowProps) {
  const { t, i18n } = useTranslation();
  const allowed = orderEventsAllowed(order);
  const isOpen = isOrderOpen(allowed);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" data-testid="order-row" data-order-id={order.id}>
      <Flex gap="3" justify="space-between" direction={{ base: 'column', md: 'row' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{order.code}</Text>
            <OrderStateBadge state={order.state} />
            {order.owner_decision ? (
              <Badge variant="subtle" colorPalette={order.owner_decision === 'confirmada' ? 'green' : 'red'}>
                {t('after_sales_ui.orders.owner_decision', {
                  decision: t(`after_sales_ui.orders.decisions.${order.owner_decision}`, {
                    defaultValue: order.owner_decision,
                  }),
                })}
              </Badge>
            ) : null}
          </HStack>
          <Text textStyle="sm">
            {order.start_at
              ? `${dateTimeText(order.start_at, i18n.language)} · ${durationText(order.duration_minutes ?? 0, t)}`
              : t('after_sales_ui.orders.unscheduled')}
            {' · '}
            {order.responsible?.full_name ?? t('after_sales_ui.unassigned')}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {t('after_sales_ui.orders.failures_count', { count: order.failures.length })}
            {order.owner_window.needs_staff_confirmation
              ? ` · ${t('after_sales_ui.orders.staff_must_confirm')}`
              : order.owner_window.deadline && order.owner_window.is_before_deadline && isOpen
                ? ` · ${t('after_sales_ui.orders.owner_deadline', { date: dateTimeText(order.owner_window.deadline, i18n.language) })}`
                : ''}
          </Text>
          <OrderResults order={order} markupOf={markupOf} />
        </Stack>
        {canManage ? (
          <HStack gap="1" wrap="wrap" align="start" flexShrink={0}>
            {isOpen ? (
              <Button asChild size="xs" variant="outline">
                <RouterLink to={`${base}/editar/${order.id}`}>{t('after_sales_ui.orders.edit')}</RouterLink>
              </Button>
            ) : null}
            {allowed.includes('order.manage') ? (
              <Button asChild size="xs" colorPalette="brand" data-testid="order-manage">
                <RouterLink to={`${base}/gestionar/${order.id}`}>{t('after_sales_ui.orders.manage')}</RouterLink>
              </Button>
            ) : null}
            {ACTIONS.filter((a) => allowed.includes(a)).map((a) => (
              <Button
                key={a}
                size="xs"
                variant="ghost"
                loading={pending === a}
                data-testid={`order-${a}`}
                onClick={() => onAction(a)}
              >
                {t(`after_sales_ui.orders.actions.${a.slice(6)}`)}
              </Button>
            ))}
          </HStack>
        ) : null}
      </Flex>
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
  // One action hook and one reason dialog for the whole list, not one per row.
  const act = useOrderAction(ticket.id, kind);
  const markupOf = useMarkupHandlers(ticket.id);
  const [prompt, setPrompt] = useState<{ orderId: number; event: OrderActionEvent } | null>(null);
  const send = (orderId: number, event: OrderActionEvent, reason?: string) =>
    act.mutate(
      { orderId, event, reason },
      {
        onSuccess: (saved) => {
          setPrompt(null);
          showSuccessToast(t('after_sales_ui.toasts.order_updated', { code: saved.code }));
        },
      },
    );
  const base = `/warranties/solicitud/${ticket.id}/${segment}`;
  const rows = orders.data ?? [];
  const promptLabel = prompt ? t(`after_sales_ui.orders.actions.${prompt.event.slice(6)}`) : '';
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text color="fg.muted" textStyle="sm">
          {t(`after_sales_ui.orders.${segment}_intro`)}
        </Text>
        {canManage && isTicketWorking(ticket.state) ? (
          <Button asChild colorPalette="brand" size="sm" data-testid="order-new">
            <RouterLink to={`${base}/crear`}>
              <Plus size={16} />
              {t(`after_sales_ui.orders.new_${segment}`)}
            </RouterLink>
          </Button>
        ) : null}
      </Flex>
      {orders.isPending ? (
        <PageSpinner minH="20vh" />
      ) : !rows.length ? (
        <Text color="fg.muted">{t(`after_sales_ui.orders.empty_${segment}`)}</Text>
      ) : (
        rows.map((o) => (
          <OrderRow
            key={o.id}
            order={o}
            base={base}
            canManage={canManage}
            markupOf={
              canManage
                ? (failureId) => markupOf({ kind: 'result', orderKind: kind, orderId: o.id, failureId })
                : undefined
            }
            pending={act.isPending && act.variables?.orderId === o.id ? act.variables.event : null}
            onAction={(event) =>
              NEEDS_REASON.includes(event) ? setPrompt({ orderId: o.id, event }) : send(o.id, event)
            }
          />
        ))
      )}
      <TextPromptDialog
        open={prompt !== null}
        title={promptLabel}
        label={t('after_sales_ui.orders.reason')}
        confirmLabel={promptLabel}
        maxLength={500}
        danger
        busy={act.isPending}
        onClose={() => setPrompt(null)}
        onConfirm={(reason) => prompt && send(prompt.orderId, prompt.event, reason || undefined)}
      />
    </Stack>
  );
}

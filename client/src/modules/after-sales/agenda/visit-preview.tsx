import { Fragment, useState } from 'react';
import { Box, Button, Grid, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TICKET_STATES_FORBIDDING_SCHEDULE_EDIT } from '#domain/orders';
import { dateText } from '../../../widgets/date-text.ts';
import { useOrderAction } from '../api/order-mutations.ts';
import type { AgendaEvent } from '../api/types.ts';
import { TextPromptDialog } from '../components/text-prompt-dialog.tsx';
import { orderEventsAllowed } from '../components/work-machines.ts';

/** The order events the preview offers, when the order machine accepts them from the visit's state. */
export function previewActions(visit: Pick<AgendaEvent, 'state' | 'start' | 'end' | 'ticket'>, now = new Date()) {
  const allowed = orderEventsAllowed(
    {
      state: visit.state,
      start_at: visit.start,
      end_at: visit.end,
      is_schedule_editable: !(TICKET_STATES_FORBIDDING_SCHEDULE_EDIT as readonly string[]).includes(visit.ticket.state),
    },
    now,
  );
  return (['order.confirm', 'order.cancel'] as const).filter((e) => allowed.includes(e));
}

const timeOf = (iso: string, language: string) =>
  new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', hour12: false });

export type PreviewTarget = { visit: AgendaEvent; anchor: DOMRect; returnFocus: HTMLElement | null };

type Props = { target: PreviewTarget | null; canManage: boolean; onClose: () => void };

/**
 * A visit's preview on the agenda: what it is, with whom and when, and the next steps (open the ticket or the
 * order; confirm or cancel when the order machine allows). Opens from a click or Enter on the visit; Escape or a
 * click outside closes it and the focus goes back to the visit.
 */
export function VisitPreview({ target, canManage, onClose }: Props) {
  const visit = target?.visit;
  // The reason dialog lives outside the popover: a click in it would otherwise close the popover under it.
  const [cancelling, setCancelling] = useState<AgendaEvent | null>(null);
  return (
    <>
      <Popover.Root
        open={Boolean(target)}
        onOpenChange={(d) => {
          if (!d.open) onClose();
        }}
        positioning={{ placement: 'right-start', gutter: 6, flip: true }}
        finalFocusEl={() => target?.returnFocus ?? null}
        lazyMount
        unmountOnExit
      >
        {target ? (
          <Popover.Anchor asChild>
            <Box
              position="fixed"
              pointerEvents="none"
              style={{
                top: target.anchor.top,
                left: target.anchor.left,
                width: target.anchor.width,
                height: target.anchor.height,
              }}
            />
          </Popover.Anchor>
        ) : null}
        <Portal>
          <Popover.Positioner>
            <Popover.Content data-testid="visit-preview" maxW="sm">
              {visit ? (
                <PreviewBody
                  key={visit.id}
                  visit={visit}
                  canManage={canManage}
                  onClose={onClose}
                  onCancel={() => {
                    setCancelling(visit);
                    onClose();
                  }}
                />
              ) : null}
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
      {cancelling ? <CancelVisitDialog visit={cancelling} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}

/** Cancelling a visit asks for an optional reason, as the ticket's orders tab does. */
function CancelVisitDialog({ visit, onClose }: { visit: AgendaEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const act = useOrderAction(visit.ticket.id, visit.kind);
  const label = t('after_sales_ui.orders.actions.cancel');
  return (
    <TextPromptDialog
      open
      title={`${label} ${visit.code}`}
      label={t('after_sales_ui.orders.reason')}
      confirmLabel={label}
      maxLength={500}
      danger
      busy={act.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        act.mutate({ orderId: visit.id, event: 'order.cancel', reason: reason || undefined }, { onSuccess: onClose })
      }
      testId="preview-cancel-dialog"
    />
  );
}

type BodyProps = { visit: AgendaEvent; canManage: boolean; onClose: () => void; onCancel: () => void };

function PreviewBody({ visit, canManage, onClose, onCancel }: BodyProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const confirm = useOrderAction(visit.ticket.id, visit.kind);
  const actions = canManage ? previewActions(visit) : [];
  const segment = visit.kind === 'OI' ? 'oi' : 'ot';
  const rows: [string, string][] = [
    [t('after_sales_ui.agenda.preview.unit'), `${visit.unit.number} · ${visit.project.name}`],
    [t('after_sales_ui.agenda.preview.owner'), visit.owner?.name || '—'],
    [t('after_sales_ui.agenda.preview.state'), t(`machines.order.states.${visit.state}`)],
    [t('after_sales_ui.agenda.preview.responsible'), visit.responsible?.full_name ?? t('after_sales_ui.unassigned')],
    [
      t('after_sales_ui.agenda.preview.time'),
      `${dateText(visit.start, i18n.language)} ${timeOf(visit.start, i18n.language)}–${timeOf(visit.end, i18n.language)}`,
    ],
  ];
  return (
    <>
      <Popover.Header pb="1">
        <Popover.Title fontWeight="semibold">
          {visit.code} · {visit.ticket.code}
        </Popover.Title>
        <Text textStyle="sm" color="fg.muted" lineClamp={2}>
          {visit.ticket.subject}
        </Text>
      </Popover.Header>
      <Popover.Body pt="2">
        <Stack gap="3">
          <Grid as="dl" templateColumns="auto 1fr" columnGap="3" rowGap="1" textStyle="sm">
            {rows.map(([label, value]) => (
              <Fragment key={label}>
                <Text as="dt" color="fg.muted">
                  {label}
                </Text>
                <Text as="dd">{value}</Text>
              </Fragment>
            ))}
          </Grid>
          {visit.overlaps_with.length ? (
            <HStack gap="1" color="fg.error" textStyle="sm" data-testid="preview-overlap">
              <TriangleAlert size={14} aria-hidden="true" />
              <Text>{t('after_sales_ui.agenda.overlap', { count: visit.overlaps_with.length })}</Text>
            </HStack>
          ) : null}
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" onClick={() => navigate(`/warranties/solicitud/${visit.ticket.id}`)}>
              {t('after_sales_ui.agenda.preview.open_ticket')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => navigate(`/warranties/solicitud/${visit.ticket.id}/${segment}/editar/${visit.id}`)}
            >
              {t('after_sales_ui.agenda.preview.open_order')}
            </Button>
            {actions.includes('order.confirm') ? (
              <Button
                size="xs"
                colorPalette="brand"
                loading={confirm.isPending}
                onClick={() => confirm.mutate({ orderId: visit.id, event: 'order.confirm' }, { onSuccess: onClose })}
                data-testid="preview-confirm"
              >
                {t('after_sales_ui.orders.actions.confirm')}
              </Button>
            ) : null}
            {actions.includes('order.cancel') ? (
              <Button size="xs" variant="outline" colorPalette="red" onClick={onCancel} data-testid="preview-cancel">
                {t('after_sales_ui.orders.actions.cancel')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Popover.Body>
      <Popover.CloseTrigger asChild position="absolute" top="1" insetEnd="1">
        <CloseButton size="xs" aria-label={t('app.close')} />
      </Popover.CloseTrigger>
    </>
  );
}

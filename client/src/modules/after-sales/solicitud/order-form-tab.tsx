import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderCreateSchema, orderUpdateSchema } from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { useSaveOrder } from '../api/order-mutations.ts';
import { responsiblesQuery } from '../api/pickers-api.ts';
import { failuresQuery, orderQuery } from '../api/work-api.ts';
import { TextAreaField } from '../../../widgets/form-fields.tsx';
import { DurationSelect, SlotPicker, isoToSlot, slotToIso, type Slot } from '../../../widgets/time-picker.tsx';
import { useOrderKind } from './order-kind.ts';
import { useTicket } from './use-ticket.ts';
import { isFailurePending } from '../components/work-machines.ts';
import { ReplyWindowWarning, startsInsideReplyWindow } from '../components/reply-window-warning.tsx';
import { showSuccessToast } from '../../../api/notify.ts';

const nextQuarter = () => {
  const d = new Date(Date.now() + 24 * 3_600_000);
  d.setHours(10, 0, 0, 0);
  return d;
};

/**
 * docs/product.md §2 oi|ot crear and editar/{id}: responsible, failures, description and the schedule
 * (docs/product.md §5 "an order needs a schedule").
 */
export function OrderFormTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticket = useTicket();
  const { kind, segment, orderId, badId } = useOrderKind();
  const existing = useQuery({ ...orderQuery(ticket.id, kind, orderId ?? 0), enabled: orderId !== null });
  const failures = useQuery(failuresQuery(ticket.id));
  const people = useQuery(responsiblesQuery(ticket.project.id));
  const [form, setForm] = useState({
    responsible: null as string | null,
    failureIds: [] as number[],
    description: '',
    slot: isoToSlot(null, nextQuarter()) as Slot,
    duration: 60,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lateWarning, setLateWarning] = useState(false);
  const order = existing.data;
  useEffect(() => {
    if (!order) return;
    setForm({
      responsible: order.responsible ? String(order.responsible.id) : null,
      failureIds: order.failures.map((f) => f.id),
      description: order.description ?? '',
      slot: isoToSlot(order.start_at, nextQuarter()),
      duration: order.duration_minutes ?? 60,
    });
  }, [order]);
  // A new order starts with what is left to do: the ticket's pending failures, and its responsible.
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (orderId !== null || prefilled || !failures.data || !people.data) return;
    setPrefilled(true);
    const responsible = ticket.responsible && people.data.some((p) => p.id === ticket.responsible!.id);
    setForm((f) => ({
      ...f,
      responsible: f.responsible ?? (responsible ? String(ticket.responsible!.id) : null),
      failureIds: failures.data.filter((x) => isFailurePending(x.state)).map((x) => x.id),
    }));
  }, [orderId, prefilled, failures.data, people.data, ticket.responsible]);
  const back = `/warranties/solicitud/${ticket.id}/${segment}`;
  const save = useSaveOrder();
  if (orderId !== null && existing.isPending) return <PageSpinner minH="20vh" />;
  // editar/abc is not the crear form: an id that is not one, or an order that is not there, is not found.
  if (badId || (orderId !== null && !order)) {
    return (
      <Alert.Root status="error" data-testid="order-not-found">
        <Alert.Indicator />
        <Alert.Title>{t('after_sales_ui.orders.not_found')}</Alert.Title>
      </Alert.Root>
    );
  }

  const scheduleLocked = Boolean(order && !order.is_schedule_editable);
  const choices = (failures.data ?? []).filter((f) => isFailurePending(f.state) || form.failureIds.includes(f.id));
  const toggle = (id: number) =>
    setForm((f) => ({
      ...f,
      failureIds: f.failureIds.includes(id) ? f.failureIds.filter((x) => x !== id) : [...f.failureIds, id],
    }));

  function submit(acceptLate = false) {
    const startAt = slotToIso(form.slot);

    const body = {
      responsible_id: form.responsible ?? undefined,
      failure_ids: form.failureIds,
      description: form.description || undefined,
      ...(scheduleLocked ? {} : { start_at: startAt ?? '', duration_minutes: form.duration }),
    };
    const r = validate(orderId ? orderUpdateSchema : orderCreateSchema, body, t);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    const moves = !scheduleLocked && (!order || startAt !== order.start_at);
    if (!acceptLate && moves && startsInsideReplyWindow(startAt, ticket.owner_reply_hours)) {
      setLateWarning(true);
      return;
    }
    setLateWarning(false);
    save.mutate(
      { ticketId: ticket.id, kind, orderId, body: r.data },
      {
        onSuccess: (saved) => {
          showSuccessToast(t('after_sales_ui.toasts.order_saved', { code: saved.code }));
          navigate(back);
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }

  return (
    <Card.Root>
      <Card.Body>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
          data-testid="order-form"
        >
          <Stack gap="4">
            <Text fontWeight="semibold">
              {t(`routes.warranties.solicitud.${segment}.${orderId ? 'editar' : 'crear'}.title`)}
              {order ? ` · ${order.code}` : ''}
            </Text>
            {scheduleLocked ? (
              <Alert.Root status="warning" size="sm">
                <Alert.Indicator />
                <Alert.Title>{t('after_sales_ui.orders.schedule_locked')}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Grid templateColumns={{ base: '1fr', lg: '1fr auto' }} gap="4">
              <Stack gap="1">
                <UserSelect
                  label={t('after_sales_ui.form.responsible')}
                  required
                  options={people.data ?? []}
                  value={form.responsible}
                  onChange={(responsible) => setForm({ ...form, responsible })}
                  invalid={Boolean(errors.responsible_id)}
                />
                {errors.responsible_id ? (
                  <Text color="fg.error" textStyle="sm">
                    {errors.responsible_id}
                  </Text>
                ) : null}
              </Stack>
              <HStack gap="4" align="end" wrap="wrap">
                <SlotPicker
                  label={t('after_sales_ui.orders.start')}
                  required
                  value={form.slot}
                  onChange={(slot) => {
                    setLateWarning(false);
                    setForm({ ...form, slot });
                  }}
                  invalid={Boolean(errors.start_at)}
                  errorText={errors.start_at}
                  disabled={scheduleLocked}
                />
                <DurationSelect
                  label={t('after_sales_ui.orders.duration')}
                  value={form.duration}
                  onChange={(duration) => setForm({ ...form, duration })}
                  disabled={scheduleLocked}
                />
              </HStack>
            </Grid>
            <Stack gap="2" as="fieldset">
              <Text as="legend" fontWeight="medium">
                {t('after_sales_ui.orders.failures')}
                <Text as="span" color="fg.error">
                  {' '}
                  *
                </Text>
              </Text>
              {!choices.length ? (
                <Text color="fg.muted" textStyle="sm">
                  {t('after_sales_ui.orders.no_open_failures')}
                </Text>
              ) : (
                choices.map((f) => (
                  <Checkbox.Root
                    key={f.id}
                    checked={form.failureIds.includes(f.id)}
                    onCheckedChange={() => toggle(f.id)}
                    data-testid="order-failure"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {f.place.name} › {f.item.name} › {f.detail.name}{' '}
                      <Text as="span" color="fg.muted">
                        · {t(`after_sales.failure_states.${f.state}`)}
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))
              )}
              {errors.failure_ids ? (
                <Text color="fg.error" textStyle="sm">
                  {errors.failure_ids}
                </Text>
              ) : null}
            </Stack>
            <TextAreaField
              label={t('after_sales_ui.orders.description')}
              value={form.description}
              maxLength={2000}
              rows={3}
              error={errors.description}
              onChange={(description) => setForm({ ...form, description })}
            />
            {lateWarning ? (
              <ReplyWindowWarning
                hours={ticket.owner_reply_hours ?? 0}
                onAccept={() => submit(true)}
                onChange={() => setLateWarning(false)}
              />
            ) : null}
            <HStack justify="flex-end" gap="2">
              <Button variant="outline" onClick={() => navigate(back)}>
                {t('after_sales_ui.actions.cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={save.isPending} data-testid="order-save">
                {orderId ? t('after_sales_ui.actions.save') : t('after_sales_ui.orders.create_and_schedule')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

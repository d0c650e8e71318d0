import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, Grid, HStack, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FILTER_LIST_DEBOUNCE_MS } from '#domain/limits';
import { orderCreateSchema } from '#domain/schemas/after-sales';
import { TICKET_WORKING_STATES } from '#machines/ticket';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { useSaveOrder } from '../api/order-mutations.ts';
import { responsiblesQuery } from '../api/pickers-api.ts';
import { ticketDetailQuery, ticketListQuery } from '../api/tickets-api.ts';
import type { OrderKind } from '../api/types.ts';
import { failuresQuery } from '../api/work-api.ts';
import { isFailurePending } from '../components/work-machines.ts';
import { ReplyWindowWarning, startsInsideReplyWindow } from '../components/reply-window-warning.tsx';
import { SelectField } from '../../../widgets/form-fields.tsx';
import { DurationSelect, SlotPicker, isoToSlot, slotToIso, type Slot } from '../../../widgets/time-picker.tsx';
import { ResponsibleAvailability } from './responsible-availability.tsx';
import { showSuccessToast } from '../../../api/notify.ts';

type Props = {
  open: boolean;
  slot: { start: Date; end: Date } | null;
  projectIds: number[];
  responsibleId: string | null;
  onClose: () => void;
};

/** Create an OI or OT from a calendar slot: pick the ticket, its failures, the responsible; the slot is the schedule. */
export function NewVisitDialog({ open, slot, projectIds, responsibleId, onClose }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [kind, setKind] = useState<OrderKind>('OI');
  const [responsible, setResponsible] = useState<string | null>(responsibleId);
  const [failureIds, setFailureIds] = useState<number[]>([]);
  const [start, setStart] = useState<Slot>(isoToSlot(null));
  const [duration, setDuration] = useState(60);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lateWarning, setLateWarning] = useState(false);
  useEffect(() => {
    if (!open || !slot) return;
    setLateWarning(false);
    setSearch('');
    setTicketId(null);
    setFailureIds([]);
    setErrors({});
    setResponsible(responsibleId);
    setStart(isoToSlot(slot.start.toISOString()));
    const minutes = Math.round((slot.end.getTime() - slot.start.getTime()) / 60_000);
    // A click on a month day selects the whole day: an hour is the sensible default there.
    setDuration(minutes >= 15 && minutes <= 8 * 60 ? Math.round(minutes / 15) * 15 : 60);
  }, [open, slot, responsibleId]);

  const tickets = useQuery({
    ...ticketListQuery(
      {
        state: [...TICKET_WORKING_STATES],
        project_id: projectIds.length ? projectIds : undefined,
        search: search || undefined,
      },
      { sortBy: 'updated_at', descending: true },
      1,
      20,
    ),
    enabled: open,
  });
  const ticket = tickets.data?.data.find((r) => r.id === ticketId);
  const failures = useQuery({ ...failuresQuery(ticketId ?? 0), enabled: open && ticketId !== null });
  // The project's owner reply limit, for the warning of docs/product.md §4 Owner confirmation.
  const detail = useQuery({ ...ticketDetailQuery(ticketId ?? 0), enabled: open && ticketId !== null });
  const people = useQuery({ ...responsiblesQuery(ticket?.project.id ?? null), enabled: open && Boolean(ticket) });
  // Without a responsible chosen in the agenda's filter, whoever creates the visit is the natural default.
  const { data: me } = useAuthUser();
  useEffect(() => {
    if (responsible || !me || !people.data) return;
    if (people.data.some((p) => p.id === me.id)) setResponsible(String(me.id));
  }, [people.data, me, responsible]);
  const openFailures = (failures.data ?? []).filter((f) => isFailurePending(f.state));

  const create = useSaveOrder();
  function submit(acceptLate = false) {
    if (!ticketId) return setErrors({ ticket: t('validation.required') });
    const r = validate(
      orderCreateSchema,
      {
        responsible_id: responsible ?? undefined,
        failure_ids: failureIds,
        start_at: slotToIso(start) ?? '',
        duration_minutes: duration,
      },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    if (!acceptLate && startsInsideReplyWindow(r.data.start_at, detail.data?.owner_reply_hours)) {
      setLateWarning(true);
      return;
    }
    setLateWarning(false);
    create.mutate(
      { ticketId, kind, orderId: null, body: r.data },
      {
        onSuccess: (saved) => {
          showSuccessToast(t('after_sales_ui.toasts.order_saved', { code: saved.code }));
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="new-visit-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('after_sales_ui.agenda.new_visit')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Stack gap="2">
                  <Text fontWeight="medium">
                    {t('after_sales_ui.agenda.ticket')}
                    <Text as="span" color="fg.error">
                      {' '}
                      *
                    </Text>
                  </Text>
                  <SearchInput
                    value={search}
                    onChange={setSearch}
                    delay={FILTER_LIST_DEBOUNCE_MS}
                    placeholder={t('after_sales_ui.list.search')}
                    size="sm"
                    data-testid="visit-ticket-search"
                  />
                  <RadioGroup.Root
                    value={ticketId ? String(ticketId) : null}
                    onValueChange={(d) => {
                      setTicketId(d.value ? Number(d.value) : null);
                      setFailureIds([]);
                    }}
                  >
                    <Stack gap="1" maxH="40" overflowY="auto">
                      {(tickets.data?.data ?? []).map((r) => (
                        <RadioGroup.Item key={r.id} value={String(r.id)} data-testid="visit-ticket">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>
                            <b>{r.code}</b> · {r.subject} · {r.unit.number}
                          </RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                  {errors.ticket ? (
                    <Text color="fg.error" textStyle="sm">
                      {errors.ticket}
                    </Text>
                  ) : null}
                </Stack>
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
                  <SelectField
                    label={t('after_sales_ui.filters.kind')}
                    value={kind}
                    onChange={(v) => setKind(v as OrderKind)}
                    testId="visit-kind"
                    options={[
                      { value: 'OI', label: t('after_sales_ui.agenda.kinds.OI') },
                      { value: 'OT', label: t('after_sales_ui.agenda.kinds.OT') },
                    ]}
                  />
                  <Stack gap="1">
                    <UserSelect
                      label={t('after_sales_ui.form.responsible')}
                      options={people.data ?? []}
                      value={responsible}
                      onChange={setResponsible}
                      disabled={!ticket}
                      invalid={Boolean(errors.responsible_id)}
                    />
                    {errors.responsible_id ? (
                      <Text color="fg.error" textStyle="sm">
                        {errors.responsible_id}
                      </Text>
                    ) : null}
                  </Stack>
                </Grid>
                <HStack gap="4" wrap="wrap" align="end">
                  <SlotPicker
                    label={t('after_sales_ui.orders.start')}
                    required
                    value={start}
                    onChange={(next) => {
                      setLateWarning(false);
                      setStart(next);
                    }}
                    invalid={Boolean(errors.start_at)}
                    errorText={errors.start_at}
                  />
                  <DurationSelect label={t('after_sales_ui.orders.duration')} value={duration} onChange={setDuration} />
                </HStack>
                <ResponsibleAvailability
                  responsibleId={responsible ? Number(responsible) : null}
                  name={people.data?.find((p) => String(p.id) === responsible)?.full_name}
                  start={slotToIso(start)}
                  minutes={duration}
                />
                {ticket ? (
                  <Stack gap="1">
                    <Text fontWeight="medium">{t('after_sales_ui.orders.failures')}</Text>
                    {!openFailures.length ? (
                      <Text color="fg.muted" textStyle="sm">
                        {t('after_sales_ui.orders.no_open_failures')}
                      </Text>
                    ) : (
                      openFailures.map((f) => (
                        <Checkbox.Root
                          key={f.id}
                          checked={failureIds.includes(f.id)}
                          data-testid="visit-failure"
                          onCheckedChange={() =>
                            setFailureIds((ids) =>
                              ids.includes(f.id) ? ids.filter((x) => x !== f.id) : [...ids, f.id],
                            )
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>
                            {f.place.name} › {f.item.name} › {f.detail.name}
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
                ) : null}
                {lateWarning ? (
                  <ReplyWindowWarning
                    hours={detail.data?.owner_reply_hours ?? 0}
                    onAccept={() => submit(true)}
                    onChange={() => setLateWarning(false)}
                  />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('after_sales_ui.actions.cancel')}
              </Button>
              <Button colorPalette="brand" loading={create.isPending} onClick={() => submit()} data-testid="visit-save">
                {t('after_sales_ui.orders.create_and_schedule')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

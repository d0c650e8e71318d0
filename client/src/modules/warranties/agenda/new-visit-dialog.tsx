import { useEffect, useState } from 'react';
import { Button, Checkbox, CloseButton, Dialog, Grid, HStack, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FILTER_LIST_DEBOUNCE_MS } from '#domain/limits';
import { orderCreateSchema } from '#domain/schemas/warranties';
import { serverFieldErrors, validate, type FieldErrors } from '../../../shared/forms.ts';
import { useAuthUser } from '../../../shared/session/auth-user.ts';
import { SearchInput } from '../../../widgets/search-input.tsx';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { warrantyKeys } from '../api/keys.ts';
import { responsiblesQuery } from '../api/pickers-api.ts';
import { ticketListQuery } from '../api/tickets-api.ts';
import type { OrderKind } from '../api/types.ts';
import { failuresQuery, ordersApi } from '../api/work-api.ts';
import { SelectField } from '../components/form-fields.tsx';
import { DurationSelect, SlotPicker, isoToSlot, slotToIso, type Slot } from '../components/time-picker.tsx';

const OPEN_TICKETS = ['nueva', 'abierta', 'en_proceso'] as const;

type Props = { open: boolean; slot: { start: Date; end: Date } | null; projectIds: number[]; responsibleId: string | null; onClose: () => void };

/** Create an OI or OT from a calendar slot: pick the ticket, its failures, the responsible; the slot is the schedule. */
export function NewVisitDialog({ open, slot, projectIds, responsibleId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [ticketId, setTicketId] = useState<number | null>(null);
  const [kind, setKind] = useState<OrderKind>('OI');
  const [responsible, setResponsible] = useState<string | null>(responsibleId);
  const [failureIds, setFailureIds] = useState<number[]>([]);
  const [start, setStart] = useState<Slot>(isoToSlot(null));
  const [duration, setDuration] = useState(60);
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!open || !slot) return;
    setSearch(''); setTicketId(null); setFailureIds([]); setErrors({}); setResponsible(responsibleId);
    setStart(isoToSlot(slot.start.toISOString()));
    const minutes = Math.round((slot.end.getTime() - slot.start.getTime()) / 60_000);
    // A click on a month day selects the whole day: an hour is the sensible default there.
    setDuration(minutes >= 15 && minutes <= 8 * 60 ? Math.round(minutes / 15) * 15 : 60);
  }, [open, slot, responsibleId]);

  const tickets = useQuery({
    ...ticketListQuery({ state: [...OPEN_TICKETS], project_id: projectIds.length ? projectIds : undefined, search: search || undefined }, { sortBy: 'updated_at', descending: true }, 1, 20),
    enabled: open,
  });
  const ticket = tickets.data?.data.find((r) => r.id === ticketId);
  const failures = useQuery({ ...failuresQuery(ticketId ?? 0), enabled: open && ticketId !== null });
  const people = useQuery({ ...responsiblesQuery(ticket?.project.id ?? null), enabled: open && Boolean(ticket) });
  // Without a responsible chosen in the agenda's filter, whoever creates the visit is the natural default.
  const { data: me } = useAuthUser();
  useEffect(() => {
    if (responsible || !me || !people.data) return;
    if (people.data.some((p) => p.id === me.id)) setResponsible(String(me.id));
  }, [people.data, me, responsible]);
  const openFailures = (failures.data ?? []).filter((f) => f.state === 'pendiente' || f.state === 'falla');

  const create = useMutation({
    mutationFn: (body: Parameters<typeof ordersApi.create>[2]) => ordersApi.create(ticketId!, kind, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['warranties', 'agenda'] });
      void queryClient.invalidateQueries({ queryKey: warrantyKeys.ticket(ticketId!) });
      onClose();
    },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  function submit() {
    if (!ticketId) return setErrors({ ticket: t('validation.required') });
    const r = validate(orderCreateSchema, { responsible_id: responsible ?? undefined, failure_ids: failureIds, start_at: slotToIso(start) ?? '', duration_minutes: duration }, t);
    if (!r.ok) return setErrors(r.errors);
    create.mutate(r.data);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(d) => { if (!d.open) onClose(); }} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="new-visit-dialog">
            <Dialog.Header><Dialog.Title>{t('warranties_ui.agenda.new_visit')}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Stack gap="2">
                  <Text fontWeight="medium">{t('warranties_ui.agenda.ticket')}<Text as="span" color="fg.error"> *</Text></Text>
                  <SearchInput value={search} onChange={setSearch} delay={FILTER_LIST_DEBOUNCE_MS} placeholder={t('warranties_ui.list.search')} size="sm" data-testid="visit-ticket-search" />
                  <RadioGroup.Root value={ticketId ? String(ticketId) : null} onValueChange={(d) => { setTicketId(d.value ? Number(d.value) : null); setFailureIds([]); }}>
                    <Stack gap="1" maxH="40" overflowY="auto">
                      {(tickets.data?.data ?? []).map((r) => (
                        <RadioGroup.Item key={r.id} value={String(r.id)} data-testid="visit-ticket">
                          <RadioGroup.ItemHiddenInput /><RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText><b>{r.code}</b> · {r.subject} · {r.unit.number}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                  {errors.ticket ? <Text color="fg.error" textStyle="sm">{errors.ticket}</Text> : null}
                </Stack>
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
                  <SelectField label={t('warranties_ui.filters.kind')} value={kind} onChange={(v) => setKind(v as OrderKind)} testId="visit-kind"
                    options={[{ value: 'OI', label: t('warranties_ui.agenda.kinds.OI') }, { value: 'OT', label: t('warranties_ui.agenda.kinds.OT') }]} />
                  <Stack gap="1">
                    <UserSelect label={t('warranties_ui.form.responsible')} options={people.data ?? []} value={responsible} onChange={setResponsible}
                      disabled={!ticket} invalid={Boolean(errors.responsible_id)} />
                    {errors.responsible_id ? <Text color="fg.error" textStyle="sm">{errors.responsible_id}</Text> : null}
                  </Stack>
                </Grid>
                <HStack gap="4" wrap="wrap" align="end">
                  <SlotPicker label={t('warranties_ui.orders.start')} required value={start} onChange={setStart} invalid={Boolean(errors.start_at)} errorText={errors.start_at} />
                  <DurationSelect label={t('warranties_ui.orders.duration')} value={duration} onChange={setDuration} />
                </HStack>
                {ticket ? (
                  <Stack gap="1">
                    <Text fontWeight="medium">{t('warranties_ui.orders.failures')}</Text>
                    {!openFailures.length ? <Text color="fg.muted" textStyle="sm">{t('warranties_ui.orders.no_open_failures')}</Text> : openFailures.map((f) => (
                      <Checkbox.Root key={f.id} checked={failureIds.includes(f.id)} data-testid="visit-failure"
                        onCheckedChange={() => setFailureIds((ids) => (ids.includes(f.id) ? ids.filter((x) => x !== f.id) : [...ids, f.id]))}>
                        <Checkbox.HiddenInput /><Checkbox.Control /><Checkbox.Label>{f.place.name} › {f.item.name} › {f.detail.name}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                    {errors.failure_ids ? <Text color="fg.error" textStyle="sm">{errors.failure_ids}</Text> : null}
                  </Stack>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{t('warranties_ui.actions.cancel')}</Button>
              <Button colorPalette="brand" loading={create.isPending} onClick={submit} data-testid="visit-save">{t('warranties_ui.orders.create_and_schedule')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { useMemo, useState } from 'react';
import { Button, Card, Grid, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MESSAGE_MAX,
  TICKET_ORIGINS,
  TICKET_PRIORITIES,
  TICKET_CREATE_FAILURES_MAX,
  TICKET_SUBJECT_MAX,
  ticketCreateSchema,
  type TicketState,
} from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useAuthUser } from '../../../api/session/auth-user.ts';
import { useSession } from '../../../shared/session/session-store.ts';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { UserSelect } from '../../../widgets/user-select.tsx';
import { responsiblesQuery, towersQuery, unitsQuery } from '../api/pickers-api.ts';
import { useCreateTicket } from '../api/ticket-mutations.ts';
import { toAttachments } from '../components/attachments.ts';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { saveAsTargets } from '../components/ticket-machine.ts';
import { showSuccessToast } from '../../../api/notify.ts';
import { FailureFormDialog, type FailureDraft } from '../solicitud/failure-form-dialog.tsx';
import { UnitPicker } from './unit-picker.tsx';

type Form = {
  project: string;
  tower: string;
  unit: string;
  owner: string;
  origin: string;
  responsible: string | null;
  priority: string;
  cc: string[];
  subject: string;
  message: string;
  attachments: UploadedFileItem[];
  failures: FailureDraft[];
};

/**
 * docs/product.md §2 solicitud/crear: applicant owner of a unit (searched by number, tower or owner), origin,
 * responsible, priority, cc, subject, first message, attachments, and the failures found, all saved at once.
 */
export function SolicitudCrearPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useAuthUser();
  const projectId = useSession((s) => s.projectId);
  const [form, setForm] = useState<Form>({
    project: projectId ? String(projectId) : '',
    tower: '',
    unit: '',
    owner: '',
    origin: 'WEB',
    responsible: null,
    priority: 'medium',
    cc: [],
    subject: '',
    message: '',
    attachments: [],
    failures: [],
  });
  const [addingFailure, setAddingFailure] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const project = form.project ? Number(form.project) : null;
  const towers = useQuery(towersQuery(project));
  const units = useQuery(unitsQuery(project, form.tower ? Number(form.tower) : null));
  const people = useQuery(responsiblesQuery(project));
  const unit = units.data?.find((u) => String(u.id) === form.unit);
  // docs/product.md §4 save as a different state: only the targets the machine accepts from a new ticket.
  const targets = useMemo(() => saveAsTargets({ state: 'nueva', previousState: null }), []);

  const create = useCreateTicket();

  function submit(state?: TicketState) {
    const r = validate(
      ticketCreateSchema,
      {
        unit_id: form.unit || undefined,
        applicant_owner_id: form.owner || undefined,
        origin: form.origin,
        responsible_id: form.responsible,
        priority: form.priority,
        cc: form.cc,
        subject: form.subject,
        message: form.message,
        attachments: toAttachments(form.attachments),
        state,
        failures: form.failures.map((f) => ({
          failure_type_id: f.failure_type_id,
          description: f.description,
          severity: f.severity,
          attachments: toAttachments(f.files),
        })),
      },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    create.mutate(r.data, {
      onSuccess: (ticket) => {
        showSuccessToast(t('after_sales_ui.form.created', { code: ticket.code }));
        navigate(`/warranties/solicitud/${ticket.id}`);
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  }

  const label = (k: string, params?: Record<string, unknown>) => t(`after_sales_ui.form.${k}`, params);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      data-testid="ticket-create-form"
    >
      <PageHeader title={t('routes.warranties.solicitud-crear.title')} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="5">
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Text fontWeight="semibold">{label('section_place')}</Text>
              <SelectField
                label={label('project')}
                required
                value={form.project}
                placeholder={label('choose')}
                testId="field-project"
                options={(user?.proyectos ?? [])
                  .filter((p) => !p.is_closed && !p.is_blocked)
                  .map((p) => ({ value: String(p.id), label: p.name }))}
                onChange={(v) =>
                  set({ project: v, tower: '', unit: '', owner: '', responsible: null, cc: [], failures: [] })
                }
              />
              <SelectField
                label={label('tower')}
                value={form.tower}
                placeholder={label('all_towers')}
                disabled={!project}
                options={(towers.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
                onChange={(v) => set({ tower: v, unit: '', owner: '', failures: [] })}
              />
              <UnitPicker
                units={units.data ?? []}
                value={form.unit}
                disabled={!project}
                error={errors.unit_id}
                onChange={(v) => {
                  const owners = units.data?.find((u) => String(u.id) === v)?.owners ?? [];
                  // The failures come from the unit type's catalogue: another unit starts them over.
                  set({ unit: v, owner: owners.length === 1 ? String(owners[0].id) : '', failures: [] });
                }}
              />
              <SelectField
                label={label('applicant')}
                required
                value={form.owner}
                placeholder={label('choose')}
                disabled={!unit}
                error={errors.applicant_owner_id}
                testId="field-owner"
                helper={unit && !unit.owners.length ? label('no_owners') : undefined}
                options={(unit?.owners ?? []).map((o) => ({
                  value: String(o.id),
                  label: `${o.name} ${o.last_name} · ${t(`after_sales_ui.owner_roles.${o.role}`, { defaultValue: o.role })}`,
                }))}
                onChange={(v) => set({ owner: v })}
              />
              <HStack gap="3" align="start">
                <SelectField
                  label={label('origin')}
                  required
                  value={form.origin}
                  error={errors.origin}
                  testId="field-origin"
                  options={TICKET_ORIGINS.map((o) => ({ value: o, label: t(`after_sales.origins.${o}`) }))}
                  onChange={(v) => set({ origin: v })}
                />
                <SelectField
                  label={label('priority')}
                  required
                  value={form.priority}
                  error={errors.priority}
                  testId="field-priority"
                  options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`after_sales.priorities.${p}`) }))}
                  onChange={(v) => set({ priority: v })}
                />
              </HStack>
              <UserSelect
                label={label('responsible')}
                options={people.data ?? []}
                value={form.responsible}
                clearable
                disabled={!project}
                onChange={(v) => set({ responsible: v })}
                invalid={Boolean(errors.responsible_id)}
              />
              {errors.responsible_id ? (
                <Text color="fg.error" textStyle="sm">
                  {errors.responsible_id}
                </Text>
              ) : null}
              <UserSelect
                label={label('cc')}
                multiple
                options={people.data ?? []}
                value={form.cc}
                clearable
                disabled={!project}
                onChange={(v) => set({ cc: v })}
                invalid={Boolean(errors.cc)}
              />
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Stack gap="4">
              <Text fontWeight="semibold">{label('section_request')}</Text>
              <TextField
                label={label('subject')}
                required
                value={form.subject}
                maxLength={TICKET_SUBJECT_MAX}
                error={errors.subject}
                onChange={(v) => set({ subject: v })}
                testId="field-subject"
              />
              <TextAreaField
                label={label('message')}
                required
                value={form.message}
                maxLength={MESSAGE_MAX}
                error={errors.message}
                rows={6}
                helper={`${form.message.length} / ${MESSAGE_MAX}`}
                onChange={(v) => set({ message: v })}
                testId="field-message"
              />
              <FileUploader
                context="general"
                label={label('attachments')}
                value={form.attachments}
                onChange={(attachments) => set({ attachments })}
              />
              {errors.attachments ? (
                <Text color="fg.error" textStyle="sm">
                  {errors.attachments}
                </Text>
              ) : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Grid>
      <Card.Root mt="5" data-testid="create-failures">
        <Card.Body>
          <Stack gap="3">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <Stack gap="0">
                <Text fontWeight="semibold">{label('section_failures')}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {unit ? label('failures_hint') : label('failures_need_unit')}
                </Text>
              </Stack>
              <Button
                size="sm"
                variant="outline"
                disabled={!unit || form.failures.length >= TICKET_CREATE_FAILURES_MAX}
                onClick={() => setAddingFailure(true)}
                data-testid="create-failure-add"
              >
                <Plus size={16} />
                {t('after_sales_ui.failures.new')}
              </Button>
            </HStack>
            {form.failures.map((f, i) => (
              <HStack
                key={`${f.failure_type_id}-${i}`}
                justify="space-between"
                borderWidth="1px"
                borderRadius="md"
                px="3"
                py="2"
                data-testid="create-failure"
              >
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">{f.label}</Text>
                  {f.description ? (
                    <Text textStyle="sm" color="fg.muted" lineClamp={2}>
                      {f.description}
                    </Text>
                  ) : null}
                  {f.files.length ? (
                    <Text textStyle="xs" color="fg.muted">
                      {label('photos_count', { count: f.files.length })}
                    </Text>
                  ) : null}
                  {errors[`failures.${i}.failure_type_id`] || errors[`failures.${i}.attachments`] ? (
                    <Text color="fg.error" textStyle="sm">
                      {errors[`failures.${i}.failure_type_id`] ?? errors[`failures.${i}.attachments`]}
                    </Text>
                  ) : null}
                </Stack>
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('after_sales_ui.form.remove_failure', { failure: f.label })}
                  onClick={() => set({ failures: form.failures.filter((_, k) => k !== i) })}
                >
                  <Trash2 size={16} />
                </IconButton>
              </HStack>
            ))}
            {errors.failures ? (
              <Text color="fg.error" textStyle="sm">
                {errors.failures}
              </Text>
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>
      {unit ? (
        <FailureFormDialog
          unitId={unit.id}
          open={addingFailure}
          onClose={() => setAddingFailure(false)}
          onAdd={(draft) => setForm((f) => ({ ...f, failures: [...f.failures, draft] }))}
        />
      ) : null}
      <HStack justify="flex-end" mt="5" gap="2">
        <Button variant="outline" onClick={() => navigate(-1)}>
          {t('after_sales_ui.actions.cancel')}
        </Button>
        <HStack gap="0">
          <Button
            type="submit"
            colorPalette="brand"
            loading={create.isPending}
            borderEndRadius={targets.length ? '0' : undefined}
            data-testid="ticket-save"
          >
            {t('after_sales_ui.actions.save')}
          </Button>
          {targets.length ? (
            <Menu.Root onSelect={(d) => submit(d.value as TicketState)}>
              <Menu.Trigger asChild>
                <Button
                  colorPalette="brand"
                  borderStartRadius="0"
                  borderStartWidth="1px"
                  borderColor="brand.700"
                  px="2"
                  aria-label={t('after_sales_ui.actions.save_as')}
                  disabled={create.isPending}
                >
                  <ChevronDown size={16} />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {targets.map((s) => (
                      <Menu.Item key={s} value={s}>
                        {t('after_sales_ui.actions.save_as_state', { state: t(`after_sales.states.${s}`) })}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          ) : null}
        </HStack>
      </HStack>
    </form>
  );
}

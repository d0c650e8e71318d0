import { useEffect, useMemo, useState } from 'react';
import { Button, Dialog, Grid, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../../widgets/close-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEVERITIES, failureCreateSchema, newFailureSchema } from '#domain/schemas/after-sales';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import type { UploadedFileItem } from '../../../widgets/upload/upload-api.ts';
import { catalogueQuery, guaranteeTermsQuery } from '../api/pickers-api.ts';
import { useCreateFailure } from '../api/failure-mutations.ts';
import { toAttachments } from '../components/attachments.ts';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { showSuccessToast } from '../../../api/notify.ts';

/** A failure chosen before its ticket exists (solicitud/crear): what the create body sends, and what the form lists. */
export type FailureDraft = {
  failure_type_id: number;
  description?: string;
  severity?: (typeof SEVERITIES)[number];
  files: UploadedFileItem[];
  label: string;
};

type Props = {
  unitId: number;
  open: boolean;
  onClose: () => void;
  /** Saves the failure on this ticket (POST fallas), in the batch given. */
  ticketId?: number;
  nextBatch?: number;
  /** Or hands it back to a form that sends it with the ticket (no batch: it is the first). */
  onAdd?: (draft: FailureDraft) => void;
};

/** A failure from the unit type's catalogue: area → place → item → detail (docs/product.md §3 Failure), batch, severity, photos. */
export function FailureFormDialog({ unitId, ticketId, open, onClose, nextBatch = 1, onAdd }: Props) {
  const { t } = useTranslation();
  const catalogue = useQuery({ ...catalogueQuery(unitId), enabled: open });
  const terms = useQuery({ ...guaranteeTermsQuery(), enabled: open });
  const empty = {
    area: '',
    place: '',
    item: '',
    detail: '',
    severity: '',
    batch: String(nextBatch),
    description: '',
    files: [] as UploadedFileItem[],
  };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A fresh form each time the dialog opens.
  useEffect(() => {
    if (open) {
      setForm({ ...empty, batch: String(nextBatch) });
      setErrors({});
    }
  }, [open]);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const areas = catalogue.data?.areas ?? [];
  const area = areas.find((a) => String(a.id) === form.area);
  const places = area ? area.places : areas.flatMap((a) => a.places);
  const place = places.find((p) => String(p.id) === form.place);
  const item = place?.items.find((i) => String(i.id) === form.item);
  const detail = item?.failures.find((d) => String(d.id) === form.detail);
  const term = useMemo(() => terms.data?.terms.find((x) => x.category === item?.category), [terms.data, item]);

  const create = useCreateFailure(ticketId ?? 0);

  function submit() {
    if (onAdd) {
      const draft = validate(
        newFailureSchema,
        {
          failure_type_id: form.detail || undefined,
          description: form.description || undefined,
          severity: form.severity || undefined,
          attachments: toAttachments(form.files),
        },
        t,
      );
      if (!draft.ok) return setErrors(draft.errors);
      onAdd({
        failure_type_id: draft.data.failure_type_id,
        description: draft.data.description,
        severity: draft.data.severity,
        files: form.files,
        label: [place?.name, item?.name, detail?.name].join(' › '),
      });
      return onClose();
    }
    const r = validate(
      failureCreateSchema,
      {
        failure_type_id: form.detail || undefined,
        description: form.description || undefined,
        severity: form.severity || undefined,
        batch: form.batch || undefined,
        attachments: toAttachments(form.files),
      },
      t,
    );
    if (!r.ok) return setErrors(r.errors);
    create.mutate(
      { ...r.data, attachments: r.data.attachments.map((a) => ({ ...a, type: a.type ?? '' })) },
      {
        onSuccess: () => {
          showSuccessToast(t('after_sales_ui.toasts.failure_added'));
          onClose();
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  }

  const opts = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));
  const choose = t('after_sales_ui.form.choose');
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
          <Dialog.Content data-testid="failure-form">
            <Dialog.Header>
              <Dialog.Title>{t('after_sales_ui.failures.new')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {catalogue.isError ? <Text color="fg.error">{t('after_sales_ui.failures.no_catalogue')}</Text> : null}
                <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
                  <SelectField
                    label={t('after_sales_ui.failures.area')}
                    value={form.area}
                    placeholder={t('after_sales_ui.failures.all_areas')}
                    options={opts(areas)}
                    onChange={(v) => set({ area: v, place: '', item: '', detail: '' })}
                  />
                  <SelectField
                    label={t('after_sales_ui.failures.place')}
                    required
                    value={form.place}
                    placeholder={choose}
                    testId="failure-place"
                    options={opts(places)}
                    onChange={(v) => set({ place: v, item: '', detail: '' })}
                  />
                  <SelectField
                    label={t('after_sales_ui.failures.item')}
                    required
                    value={form.item}
                    placeholder={choose}
                    disabled={!place}
                    testId="failure-item"
                    options={opts(place?.items ?? [])}
                    onChange={(v) => set({ item: v, detail: '' })}
                  />
                  <SelectField
                    label={t('after_sales_ui.failures.detail')}
                    required
                    value={form.detail}
                    placeholder={choose}
                    disabled={!item}
                    error={errors.failure_type_id}
                    testId="failure-detail"
                    options={opts(item?.failures ?? [])}
                    onChange={(v) =>
                      set({ detail: v, severity: item?.failures.find((d) => String(d.id) === v)?.severity ?? '' })
                    }
                  />
                  <SelectField
                    label={t('after_sales_ui.failures.severity')}
                    value={form.severity}
                    error={errors.severity}
                    placeholder={
                      detail
                        ? t('after_sales_ui.failures.catalogue_severity', {
                            severity: t(`after_sales.severities.${detail.severity}`),
                          })
                        : choose
                    }
                    options={SEVERITIES.map((s) => ({ value: s, label: t(`after_sales.severities.${s}`) }))}
                    onChange={(v) => set({ severity: v })}
                  />
                  {onAdd ? null : (
                    <TextField
                      label={t('after_sales_ui.failures.batch')}
                      value={form.batch}
                      error={errors.batch}
                      onChange={(v) => set({ batch: v.replace(/\D/g, '') })}
                      maxLength={3}
                    />
                  )}
                </Grid>
                {item ? (
                  <Text textStyle="sm" color="fg.muted" data-testid="failure-guarantee-preview">
                    {term
                      ? t('after_sales_ui.failures.term_preview', {
                          category: t(`after_sales.categories.${item.category}`, { defaultValue: item.category }),
                          count: term.years,
                        })
                      : t('after_sales_ui.failures.term_missing', { category: item.category })}
                  </Text>
                ) : null}
                <TextAreaField
                  label={t('after_sales_ui.failures.description')}
                  value={form.description}
                  maxLength={1000}
                  rows={3}
                  error={errors.description}
                  onChange={(v) => set({ description: v })}
                />
                <FileUploader
                  context="general"
                  photos
                  accept={['jpg', 'jpeg', 'png', 'pdf']}
                  label={t('after_sales_ui.failures.photos')}
                  value={form.files}
                  onChange={(files) => set({ files })}
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('after_sales_ui.actions.cancel')}
              </Button>
              <Button colorPalette="brand" loading={create.isPending} onClick={submit} data-testid="failure-save">
                {t('after_sales_ui.failures.add')}
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

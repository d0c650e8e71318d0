import { useState } from 'react';
import { Grid, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLACEMENT_AXIS_MAX, PLACEMENT_NOTES_MAX, PLACEMENT_TEXT_MAX } from '#domain/concrete-placements';
import type { PlacementDetail } from '#domain/concrete-placements-responses';
import { placementCreateSchema, placementUpdateSchema } from '#domain/schemas/concrete';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { companies, elements, types } from '../api/config.ts';
import { useCreatePlacement, useUpdatePlacement } from '../api/placement-mutations.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';
import { toIsoDate } from '../../../widgets/date-range.ts';

const T = 'concrete.placements.form';

type Form = {
  element_id: string;
  m3: number | null;
  location: string;
  unit: string;
  zone_cycle: string;
  axis_1: string;
  axis_2: string;
  axis_3: string;
  axis_4: string;
  concrete_company_id: string;
  concrete_type_id: string;
  scheduled_on: string;
  notes: string;
};
const AXES = ['axis_1', 'axis_2', 'axis_3', 'axis_4'] as const;
const formOf = (p?: PlacementDetail): Form => ({
  element_id: p ? String(p.element.id) : '',
  m3: p?.m3 ?? null,
  location: p?.location ?? '',
  unit: p?.unit ?? '',
  zone_cycle: p?.zone_cycle ?? '',
  axis_1: p?.axis_1 ?? '',
  axis_2: p?.axis_2 ?? '',
  axis_3: p?.axis_3 ?? '',
  axis_4: p?.axis_4 ?? '',
  concrete_company_id: p ? String(p.concrete_company.id) : '',
  concrete_type_id: p ? String(p.concrete_type.id) : '',
  scheduled_on: p?.scheduled_on ?? toIsoDate(new Date()),
  notes: p?.notes ?? '',
});

/**
 * A placement scheduled or edited (docs/product.md §3 Concrete placement, §5): element, m3, location (floor, level),
 * unit (tower, building), and the zone/cycle or the axes, with its concrete company (only homologated ones can be
 * chosen) and type. Opened from advanceBim with the elements selected on the model (`initialGlobalIds`). Validated
 * with the server's own schema; the server's 422 lands on its fields.
 */
export function PlacementFormDialog(props: {
  open: boolean;
  onClose: () => void;
  projectId: number;
  placement?: PlacementDetail;
  initialGlobalIds?: string[];
  onSaved?: (p: PlacementDetail) => void;
}) {
  const { open, onClose, projectId, placement, initialGlobalIds, onSaved } = props;
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(() => formOf(placement));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePlacement();
  const update = useUpdatePlacement();
  const elementList = useQuery(elements.query()).data ?? [];
  const companyList = useQuery(companies.query()).data ?? [];
  const typeList = useQuery(types.query()).data ?? [];
  const globalIds = placement?.global_ids ?? initialGlobalIds ?? [];
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const text = (key: keyof Form, max: number) => ({
    value: form[key] as string,
    onChange: (v: string) => set({ [key]: v } as Partial<Form>),
    error: errors[key],
    maxLength: max,
    testId: `placement-${key}`,
  });
  const submit = () => {
    const input = {
      ...form,
      element_id: form.element_id || undefined,
      concrete_company_id: form.concrete_company_id || undefined,
      concrete_type_id: form.concrete_type_id || undefined,
      m3: form.m3 ?? undefined,
    };
    const done = { ...writeCallbacks(t, setErrors, onClose, `${T}.saved`) };
    const saved = (p: PlacementDetail) => {
      done.onSuccess();
      onSaved?.(p);
    };
    if (placement) {
      const checked = validate(placementUpdateSchema, input, t);
      if (!checked.ok) return setErrors(checked.errors);
      update.mutate({ id: placement.id, input: checked.data }, { onSuccess: saved, onError: done.onError });
    } else {
      const checked = validate(placementCreateSchema, { ...input, project_id: projectId, global_ids: globalIds }, t);
      if (!checked.ok) return setErrors(checked.errors);
      create.mutate(checked.data, { onSuccess: saved, onError: done.onError });
    }
  };
  const options = <R extends { id: number; active: boolean }>(rows: R[], label: (r: R) => string, keep: number) =>
    rows.filter((r) => r.active || r.id === keep).map((r) => ({ value: String(r.id), label: label(r) }));
  return (
    <FormDialog
      open={open}
      title={t(placement ? `${T}.edit_title` : `${T}.new_title`)}
      submitLabel={t(placement ? `${T}.save` : `${T}.create`)}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="placement-dialog"
    >
      {globalIds.length ? (
        <Text textStyle="sm" color="fg.muted" data-testid="placement-elements">
          {t(`${T}.elements`, { count: globalIds.length })}
        </Text>
      ) : null}
      {errors.global_ids ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {errors.global_ids}
        </Text>
      ) : null}
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
        <SelectField
          label={t(`${T}.element`)}
          required
          value={form.element_id}
          onChange={(element_id) => set({ element_id })}
          options={options(elementList, (e) => e.name, placement?.element.id ?? 0)}
          placeholder={t(`${T}.choose`)}
          error={errors.element_id}
          testId="placement-element"
        />
        <NumberInput
          label={t(`${T}.m3`)}
          value={form.m3}
          onChange={(m3) => set({ m3 })}
          precision={1}
          fixed={false}
          min={0}
          required
          invalid={Boolean(errors.m3)}
          errorText={errors.m3}
        />
        <TextField label={t(`${T}.location`)} required {...text('location', PLACEMENT_TEXT_MAX)} />
        <TextField label={t(`${T}.unit`)} required {...text('unit', PLACEMENT_TEXT_MAX)} />
      </Grid>
      <TextField
        label={t(`${T}.zone_cycle`)}
        helper={t(`${T}.cycle_or_axes`)}
        {...text('zone_cycle', PLACEMENT_TEXT_MAX)}
      />
      <Grid templateColumns="repeat(4, 1fr)" gap="2">
        {AXES.map((axis, i) => (
          <TextField key={axis} label={t(`${T}.axis`, { n: i + 1 })} {...text(axis, PLACEMENT_AXIS_MAX)} />
        ))}
      </Grid>
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
        <SelectField
          label={t(`${T}.company`)}
          required
          value={form.concrete_company_id}
          onChange={(concrete_company_id) => set({ concrete_company_id })}
          options={options(
            companyList.filter((c) => c.homologated),
            (c) => c.name,
            placement?.concrete_company.id ?? 0,
          )}
          placeholder={t(`${T}.choose`)}
          helper={t(`${T}.homologated_only`)}
          error={errors.concrete_company_id}
          testId="placement-company"
        />
        <SelectField
          label={t(`${T}.type`)}
          required
          value={form.concrete_type_id}
          onChange={(concrete_type_id) => set({ concrete_type_id })}
          options={options(typeList, (c) => c.designation, placement?.concrete_type.id ?? 0)}
          placeholder={t(`${T}.choose`)}
          error={errors.concrete_type_id}
          testId="placement-type"
        />
      </Grid>
      <DateField
        label={t(`${T}.scheduled_on`)}
        value={form.scheduled_on}
        onChange={(scheduled_on) => set({ scheduled_on })}
        error={errors.scheduled_on}
        testId="placement-scheduled_on"
      />
      <TextAreaField label={t(`${T}.notes`)} {...text('notes', PLACEMENT_NOTES_MAX)} />
    </FormDialog>
  );
}

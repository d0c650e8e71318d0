import { useState } from 'react';
import { Grid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLACEMENT_SAMPLES_MAX, placementSampleSchema } from '#domain/concrete-placements';
import type { PlacementDetail } from '#domain/concrete-placements-responses';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { SelectField, TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { laboratories } from '../api/config.ts';
import { usePlacementCommand } from '../api/placement-mutations.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';
import { AddRowButton, RemoveRowButton, useRowList } from './row-list.tsx';

const T = 'concrete.placements.samples';
type Sample = { code: string; guide_id: string; taken_on: string; specimens: number | null; laboratory_id: string };

/**
 * Samples taken from the pour (placement.sample): each with its code, the truck (guide) it came from, the day, how
 * many specimens and the laboratory that tests them; their results are due at 7 days and at the acceptance age.
 */
export function SamplesDialog({ placement, onClose }: { placement: PlacementDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const labs = (useQuery(laboratories.query()).data ?? []).filter((l) => l.active);
  const blank = (): Sample => ({
    code: '',
    guide_id: '',
    taken_on: placement.poured_on ?? '',
    specimens: 4,
    laboratory_id: '',
  });
  // With one active laboratory it is every sample's until another is chosen (the list may arrive after opening).
  const labOf = (s: Sample) => s.laboratory_id || (labs.length === 1 ? String(labs[0]!.id) : '');
  const { rows: samples, set, remove, add } = useRowList(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const sample = usePlacementCommand(placement.id);
  const submit = () => {
    const body = {
      samples: samples.map((s) => ({
        ...s,
        guide_id: s.guide_id || null,
        laboratory_id: labOf(s) || undefined,
        specimens: s.specimens ?? undefined,
      })),
    };
    const checked = validate(placementSampleSchema, body, t);
    if (!checked.ok) return setErrors(checked.errors);
    sample.mutate({ verb: 'muestrear', body: checked.data }, writeCallbacks(t, setErrors, onClose, `${T}.saved`));
  };
  const err = (i: number, k: string) => errors[`samples.${i}.${k}`];
  return (
    <FormDialog
      open
      title={t(`${T}.title`, { number: placement.number })}
      submitLabel={t(`${T}.submit`)}
      busy={sample.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="samples-dialog"
    >
      {errors.samples ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {errors.samples}
        </Text>
      ) : null}
      <Stack gap="4">
        {samples.map((s, i) => (
          <Grid key={i} templateColumns={{ base: '1fr 1fr', sm: '1fr 1fr 1fr' }} gap="2" alignItems="end">
            <TextField
              label={t(`${T}.code`)}
              value={s.code}
              onChange={(code) => set(i, { code })}
              error={err(i, 'code')}
              maxLength={30}
              testId={`sample-code-${i}`}
            />
            <SelectField
              label={t(`${T}.guide`)}
              value={s.guide_id}
              onChange={(guide_id) => set(i, { guide_id })}
              options={placement.guides.map((g) => ({ value: String(g.id), label: `${g.number} · ${g.truck}` }))}
              placeholder={t(`${T}.no_guide`)}
              error={err(i, 'guide_id')}
            />
            <DateField
              label={t(`${T}.taken_on`)}
              value={s.taken_on}
              onChange={(taken_on) => set(i, { taken_on })}
              error={err(i, 'taken_on')}
              testId={`sample-date-${i}`}
            />
            <NumberInput
              label={t(`${T}.specimens`)}
              value={s.specimens}
              onChange={(specimens) => set(i, { specimens })}
              precision={0}
              min={1}
              required
              invalid={Boolean(err(i, 'specimens'))}
              errorText={err(i, 'specimens')}
            />
            <SelectField
              label={t(`${T}.laboratory`)}
              required
              value={labOf(s)}
              onChange={(laboratory_id) => set(i, { laboratory_id })}
              options={labs.map((l) => ({ value: String(l.id), label: l.name }))}
              placeholder={t('concrete.placements.form.choose')}
              error={err(i, 'laboratory_id')}
              testId={`sample-lab-${i}`}
            />
            <RemoveRowButton label={t(`${T}.remove`)} count={samples.length} onClick={() => remove(i)} />
          </Grid>
        ))}
      </Stack>
      <AddRowButton
        label={t(`${T}.add`)}
        count={samples.length}
        max={PLACEMENT_SAMPLES_MAX}
        onClick={add}
        testId="add-sample"
      />
    </FormDialog>
  );
}

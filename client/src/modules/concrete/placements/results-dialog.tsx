import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EARLY_TEST_AGE_DAYS, sampleResultsSchema } from '#domain/concrete-placements';
import type { PlacementDetail, SampleView } from '#domain/concrete-placements-responses';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { useSampleResults } from '../api/placement-mutations.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';

const T = 'concrete.placements.results';

/**
 * A sample's lab results in MPa: at 7 days (early, for information) and at the acceptance age (what the batch is
 * judged by). An empty field clears its result; the placement becomes tested when all its samples have the latter.
 */
export function ResultsDialog({
  placement,
  sample,
  onClose,
}: {
  placement: PlacementDetail;
  sample: SampleView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [early, setEarly] = useState<number | null>(sample.early_mpa);
  const [acceptance, setAcceptance] = useState<number | null>(sample.acceptance_mpa);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSampleResults();
  const submit = () => {
    const checked = validate(sampleResultsSchema, { early_mpa: early, acceptance_mpa: acceptance }, t);
    if (!checked.ok) return setErrors(checked.errors);
    save.mutate({ sampleId: sample.id, body: checked.data }, writeCallbacks(t, setErrors, onClose, `${T}.saved`));
  };
  return (
    <FormDialog
      open
      title={t(`${T}.title`, { code: sample.code ?? `#${sample.id}` })}
      submitLabel={t(`${T}.submit`)}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="results-dialog"
    >
      {errors._ ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {errors._}
        </Text>
      ) : null}
      <NumberInput
        label={t(`${T}.early`, { days: EARLY_TEST_AGE_DAYS })}
        value={early}
        onChange={setEarly}
        precision={1}
        fixed={false}
        min={0}
        invalid={Boolean(errors.early_mpa)}
        errorText={errors.early_mpa}
      />
      <NumberInput
        label={t(`${T}.acceptance`, { days: placement.acceptance_age_days })}
        value={acceptance}
        onChange={setAcceptance}
        precision={1}
        fixed={false}
        min={0}
        invalid={Boolean(errors.acceptance_mpa)}
        errorText={errors.acceptance_mpa}
      />
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.specified`, { mpa: placement.concrete_type.strength_mpa })}
      </Text>
    </FormDialog>
  );
}
